def site(request):
    """Values every page's layout needs."""
    return {"site_name": "The Judge's Table"}
