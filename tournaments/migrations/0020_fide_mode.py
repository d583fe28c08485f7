from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("tournaments", "0019_history_protected")]

    operations = [
        migrations.AddField(
            model_name="tournament",
            name="fide_mode",
            field=models.BooleanField(
                default=True,
                help_text="Operations FIDE does not allow are off unless enabled here, with a warning.",
                verbose_name="FIDE mode",
            ),
        ),
        migrations.AddField(
            model_name="tournament",
            name="allow_full_point_byes",
            field=models.BooleanField(
                default=False,
                help_text="FIDE does not allow them; in FIDE mode requested byes are half- or zero-point byes.",
                verbose_name="Full-point byes on request",
            ),
        ),
    ]
