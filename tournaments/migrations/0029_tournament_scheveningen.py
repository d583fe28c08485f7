from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("tournaments", "0028_tournament_round_robin"),
    ]

    operations = [
        migrations.AddField(
            model_name="entrant",
            name="side",
            field=models.CharField(
                blank=True,
                choices=[("A", "Team A"), ("B", "Team B")],
                max_length=1,
                verbose_name="Scheveningen team",
            ),
        ),
        migrations.AlterField(
            model_name="tournament",
            name="pairing_system",
            field=models.CharField(
                choices=[
                    ("dutch-2026", "FIDE Dutch (2026)"),
                    ("dutch-2017", "FIDE Dutch (2017)"),
                    ("dutch-1998", "FIDE Dutch 1998 (historical)"),
                    ("us-chess", "US Chess"),
                    ("team-c046", "FIDE team Swiss (C.04.6)"),
                    ("team-ecu", "ECU team Swiss (N.6)"),
                    ("team-olympiad", "Olympiad (D.02)"),
                    ("round-robin", "Round robin (Berger tables, C.05 Annex 1)"),
                    ("team-round-robin", "Team round robin (Berger tables)"),
                    ("scheveningen", "Scheveningen (two teams, every player against the other team)"),
                ],
                default="dutch-2026",
                max_length=20,
            ),
        ),
    ]
