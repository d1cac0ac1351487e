from django.db import models


class WorkerHeartbeat(models.Model):
    """A row a Celery worker writes when it runs the heartbeat task.

    Beat schedules the task every minute, so the newest row tells whether the worker and beat
    are alive; the test suite sends it through Redis to prove the whole task path.
    """

    token = models.CharField(max_length=64, unique=True)
    worker = models.CharField(max_length=255)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at"]

    def __str__(self):
        return f"{self.worker} at {self.created_at:%Y-%m-%d %H:%M:%S}"
