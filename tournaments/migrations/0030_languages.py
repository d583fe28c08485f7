import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models

import tournaments.languages
import tournaments.validators


class Migration(migrations.Migration):
    dependencies = [
        ("auth", "0012_alter_user_first_name_max_length"),
        ("tournaments", "0029_tournament_scheveningen"),
    ]

    operations = [
        migrations.CreateModel(
            name="LanguagePreference",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="language_preference",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                (
                    "language",
                    tournaments.languages.LanguageField(
                        max_length=8,
                        validators=[
                            tournaments.validators.plain_text,
                            tournaments.languages.validate_language,
                        ],
                        verbose_name="language",
                    ),
                ),
            ],
        ),
        migrations.AddField(
            model_name="tournament",
            name="language",
            field=tournaments.languages.LanguageField(
                blank=True,
                help_text="For readers whose browser asks for none of the site's languages.",
                max_length=8,
                validators=[tournaments.validators.plain_text, tournaments.languages.validate_language],
                verbose_name="language of the public pages",
            ),
        ),
    ]
