#!/usr/bin/env bash
# The catalogs of the pages' words, made again from the sources (basestation/i18n/catalogs.py):
# extract the messages, update each language's messages.po, compile messages.mo, and write
# the browser's JSON catalogs (one per language, and the suite's pseudo-language). Then it
# lists each catalog's untranslated, fuzzy or mismatched entries, for the translators.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
exec "$root/.venv/bin/python" -m basestation.i18n.catalogs "$@"
