"""Consistent Overhead Byte Stuffing: removes every 0x00 so 0x00 can delimit frames."""

from __future__ import annotations


def cobs_encode(data: bytes) -> bytes:
    """Stuff data: one code byte per run of up to 254 non-zero bytes, no 0x00 in the output."""
    out = bytearray()
    block = bytearray()
    for byte in data:
        if byte == 0:
            out.append(len(block) + 1)
            out += block
            block.clear()
            continue
        block.append(byte)
        if len(block) == 254:  # a full run: code 0xFF, no zero implied after it
            out.append(0xFF)
            out += block
            block.clear()
    out.append(len(block) + 1)
    out += block
    return bytes(out)


def cobs_decode(data: bytes) -> bytes | None:
    """Unstuff data; None if it is not valid COBS (a zero byte, or a run past the end)."""
    out = bytearray()
    index = 0
    while index < len(data):
        code = data[index]
        end = index + code
        if code == 0 or end > len(data):
            return None
        block = data[index + 1 : end]
        if 0 in block:
            return None
        out += block
        index = end
        if code < 0xFF and index < len(data):
            out.append(0)
    return bytes(out)
