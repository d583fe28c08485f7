"""The staff's page of rating lists: upload a FIDE list file, follow its import, see what it found."""

from __future__ import annotations

from django import forms
from django.contrib.auth.decorators import login_required
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext_lazy as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods

from . import jobs
from .formats import RATING_TYPES
from .models import ListedPlayer, RatingList

# FIDE's combined TXT is about 180 MB unzipped, its XML larger; the zips are a fraction of that.
MAX_UPLOAD = 600 * 1024 * 1024


class UploadForm(forms.Form):
    file = forms.FileField(
        label=_("List file"),
        help_text=_("FIDE's download as it comes (zip), or the TXT or XML inside it."),
    )
    kind = forms.ChoiceField(
        label=_("Rating type of a single list"),
        required=False,
        choices=[("", _("found from the file")), *((kind, kind.capitalize()) for kind in RATING_TYPES)],
    )
    month = forms.RegexField(
        label=_("Month of the list"),
        regex=r"^([A-Z]{3}\d{2})?$",
        required=False,
        max_length=5,
        help_text=_("As FIDE writes it, e.g. SEP26; a single list's header says it already."),
    )

    def clean_file(self) -> object:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_UPLOAD:
            raise forms.ValidationError(
                _("The file has %(size)s MB; at most %(max)s MB can be uploaded.")
                % {"size": upload.size // 2**20, "max": MAX_UPLOAD // 2**20}
            )
        return upload


@never_cache
@login_required
@require_http_methods(["GET", "POST"])
def rating_lists(request: HttpRequest) -> HttpResponse:
    """Staff only: the upload form, the import followed (`?list=`, polled), and the imports so far."""
    if not request.user.is_staff:
        raise PermissionDenied(_("Only staff load rating lists."))
    form = UploadForm(request.POST or None, request.FILES or None)
    if request.method == "POST" and form.is_valid():
        data = form.cleaned_data
        rating_list = jobs.request_import(data["file"], request.user, kind=data["kind"], month=data["month"])
        return redirect(f"{reverse('rating-lists')}?list={rating_list.pk}")
    followed = None
    if request.GET.get("list", "").isdigit():
        followed = get_object_or_404(RatingList, pk=int(request.GET["list"]))
    context = {
        "form": form,
        "followed": followed,
        "imports": RatingList.objects.all()[:12],
        "players": ListedPlayer.objects.count(),
    }
    if getattr(request, "htmx", False) and followed is not None:
        return render(request, "ratinglists/lists.html#followed", context)
    return render(request, "ratinglists/lists.html", context)
