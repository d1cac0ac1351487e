"""Judge vocabulary: a judge asks about "two" of a thing where the documents' rule says
"multiple" (Highlander core rules: "You may have multiple copies of the same Situation or Object in
play at once", "Multiple Attacks", "Multiple Defenses"; INWO: "some card specifically allows
multiple copies"). "two" (and "2") already found the other way of writing the number (0005); now
also "multiple". Measured with `make eval` before keeping it: tuning R@1 0.924 -> 0.929 and R@20
0.996 -> 1.000 (neither fold lost a question), held-out R@5 0.964 -> 0.982. "three" and "3" gained
nothing and are left as they were. A row an admin has changed since is left as they wrote it."""

from django.db import migrations

from rulings.migrations._vocabulary_rows import rows_operation

# (typed, kind, means before, means after): alternatives, as 0005 wrote them
CHANGES = [("two", "alternative", "2", "2,multiple"), ("2", "alternative", "two", "two,multiple")]


class Migration(migrations.Migration):
    dependencies = [("rulings", "0018_judge_vocabulary_build_construct")]

    operations = [rows_operation([], CHANGES)]
