"""The throwaway PostgreSQL of the storage tests, for the kiosk-fleet tests here."""

from tests.storage.conftest import pg_cluster, pg_url  # noqa: F401 (fixtures)
