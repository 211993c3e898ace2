#!/usr/bin/python3
# SPDX-License-Identifier: GPL-2.0
"""poster.py 'Name <address>': the identity make rfc signs the series with,
printed back as 'Name <address>', or a message on stderr and exit 1 when it
cannot be the poster's: no name, no address, or an address that cannot
receive mail (reserved domains of RFC 2606/6761, no-reply addresses).
Reviewers answer the poster; a series signed off by an address that
bounces cannot be applied (Documentation/process/submitting-patches.rst,
"Developer's Certificate of Origin")."""
import re
import sys

# RFC 2606 and 6761: never delivered
RESERVED_TLDS = ("invalid", "test", "example", "localhost", "local")
RESERVED_DOMAINS = ("example.com", "example.net", "example.org")


def check(ident):
    """'Name <addr>' -> (name, addr), or raise ValueError with the reason."""
    m = re.fullmatch(r"\s*([^<>]*?)\s*<([^<>\s]+)>\s*", ident or "")
    if not m:
        raise ValueError(f"'{ident}' is not 'Name <address>'")
    name, addr = m[1], m[2]
    if not name:
        raise ValueError(f"'{ident}' has no name: the sign-off needs a real one")
    am = re.fullmatch(r"[^@]+@([A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+)", addr)
    if not am:
        raise ValueError(f"'{addr}' is not a mail address")
    domain = am[1].lower()
    if domain.rsplit(".", 1)[-1] in RESERVED_TLDS or \
            any(domain == d or domain.endswith("." + d) for d in RESERVED_DOMAINS):
        raise ValueError(f"'{addr}' is in a reserved domain and cannot receive mail")
    local = addr.split("@")[0].lower()
    if "noreply" in local or "no-reply" in local or "noreply" in domain:
        raise ValueError(f"'{addr}' is a no-reply address and cannot receive mail")
    return name, addr


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    try:
        name, addr = check(sys.argv[1])
    except ValueError as e:
        sys.exit(f"rfc: the poster's identity: {e}; set FROM='Name <address>' or "
                 "git config user.name and user.email")
    print(f"{name} <{addr}>")


if __name__ == "__main__":
    main()
