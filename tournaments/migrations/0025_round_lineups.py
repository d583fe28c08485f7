from django.db import migrations, models


def release_published(apps, schema_editor):  # type: ignore[no-untyped-def]
    """The lineups of team rounds published before lineups had a state were on the public pages."""
    Round = apps.get_model("tournaments", "Round")
    Round.objects.filter(tournament__kind="team").exclude(state="draft").update(lineups="released")


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0024_schedule_ratings_prizes"),
    ]

    operations = [
        migrations.AddField(
            model_name="round",
            name="lineups",
            field=models.CharField(
                choices=[("open", "open"), ("closed", "closed"), ("released", "released")],
                default="open",
                max_length=8,
            ),
        ),
        migrations.RunPython(release_published, migrations.RunPython.noop),
    ]
