"""Runs a command in a user and mount namespace of its own (uids 0-65535 mapped to themselves)
where qemu-aarch64-static runs 64-bit ARM programs: binfmt_misc is mounted there (Linux 6.7 and
later give each user namespace its own) and the interpreter registered in it, so the machine's
own binfmt_misc is left as it is. For scripts/install-test.sh --arm64:
    install_test_userns.py QEMU_AARCH64_STATIC COMMAND..."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys

CLONE_NEWUSER, CLONE_NEWNS = 0x10000000, 0x00020000
# Debian's qemu-user-static entry for aarch64 (/usr/share/binfmts/qemu-aarch64), with F: the
# interpreter is opened now, so it need not be inside the root.
MAGIC = r"\x7fELF\x02\x01\x01\x00\x00\x00\x00\x00\x00\x00\x00\x00\x02\x00\xb7\x00"
MASK = r"\xff\xff\xff\xff\xff\xff\xff\x00\xff\xff\xff\xff\xff\xff\xff\xff\xfe\xff\xff\xff"


def main() -> int:
    qemu, command = sys.argv[1], sys.argv[2:]
    libc = ctypes.CDLL(None, use_errno=True)
    go_read, go_write = os.pipe()
    ready_read, ready_write = os.pipe()
    pid = os.fork()
    if pid == 0:
        os.close(go_write)
        os.close(ready_read)
        if libc.unshare(CLONE_NEWUSER | CLONE_NEWNS) != 0:
            raise OSError(ctypes.get_errno(), "unshare")
        os.write(ready_write, b"1")
        os.read(go_read, 1)  # the parent has written the uid and gid maps
        os.setgid(0)
        os.setuid(0)
        subprocess.run(["mount", "--make-rprivate", "/"], check=True)
        subprocess.run(["mount", "-t", "binfmt_misc", "binfmt_misc",
                        "/proc/sys/fs/binfmt_misc"], check=True)
        with open("/proc/sys/fs/binfmt_misc/register", "w") as register:
            register.write(f":qemu-aarch64:M::{MAGIC}:{MASK}:{qemu}:F")  # the kernel reads \x
        os.execvp(command[0], command)
    os.close(go_read)
    os.close(ready_write)
    os.read(ready_read, 1)
    for name in ("uid_map", "gid_map"):
        with open(f"/proc/{pid}/{name}", "w") as mapping:
            mapping.write("0 0 65536\n")
    os.write(go_write, b"1")
    _, status = os.waitpid(pid, 0)
    return os.waitstatus_to_exitcode(status)


if __name__ == "__main__":
    sys.exit(main())
