"""factory_boy factories for platform tests."""

from __future__ import annotations

import factory
from allauth.account.models import EmailAddress

from accounts.models import User


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"player{n}")
    email = factory.LazyAttribute(lambda user: f"{user.username}@example.com")
    display_name = ""
    language = "en"
    password = factory.PostGenerationMethodCall("set_password", "correct horse battery")

    @factory.post_generation
    def verified_email(self, create, extracted, **kwargs):
        if create:
            self.save()
            EmailAddress.objects.get_or_create(
                user=self,
                email=self.email,
                defaults={"verified": True, "primary": True},
            )
