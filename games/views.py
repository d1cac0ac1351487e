from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth.decorators import login_required
from django.contrib.auth.forms import UserCreationForm
from django.shortcuts import redirect, render


def lobby(request):
    return render(request, "games/lobby.html")


def signup(request):
    form = UserCreationForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        user = form.save()
        login(request, user)
        messages.success(request, f"Welcome, {user.get_username()}.")
        return redirect("games:lobby")
    return render(request, "registration/signup.html", {"form": form}, status=400 if form.errors else 200)


@login_required
def profile(request):
    return render(request, "games/profile.html")
