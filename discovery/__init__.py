"""Finding tigerden servers on the LAN with mDNS/DNS-SD (the `zeroconf` package).

A server advertises one `_tigerden._tcp.local.` service (`advertise`); clients browse for them
(`browse`, `find_servers`). What the advertisement holds is in `discovery.record`, the one place
both sides read. Neither side imports the other: the server never sees a client module and the
client never sees the server.
"""

from discovery.advertise import Advertisement, advertise, lan_addresses
from discovery.browse import ServerBrowser, find_servers
from discovery.record import SERVICE_TYPE, FoundServer

__all__ = [
    "SERVICE_TYPE",
    "Advertisement",
    "FoundServer",
    "ServerBrowser",
    "advertise",
    "find_servers",
    "lan_addresses",
]
