"""A round's state is now what says it is complete (the standings read it): rounds whose results
were changed where the state did not follow (the admin, before `Round.follow_results`) are set right."""

from django.db import migrations


def follow_results(apps, schema_editor):
    Round = apps.get_model("tournaments", "Round")
    Board = apps.get_model("tournaments", "Board")
    # The games still without a result, as `Board.pending` defines them.
    pending = Board.objects.filter(result="", seats__colour="b").values("round_id")
    Round.objects.filter(state="published").exclude(pk__in=pending).update(state="complete")
    Round.objects.filter(state="complete", pk__in=pending).update(state="published")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0026_tournament_norms"),
    ]

    operations = [migrations.RunPython(follow_results, migrations.RunPython.noop)]
