"""scripts/install-test.sh's inside: in a private mount namespace (unshare -m), an overlay of
the cached Debian 12 root, deploy/install.sh run in it, its services started as installed in a
network namespace of their own, and tests/deploy/test_install_real.py played against them in
phases: as installed, the first night, after install.sh is run again (an upgrade), and with a
second event installed beside the first (install.sh --instance second).

Run only by scripts/install-test.sh: install-test.sh ROOT ... (see there)."""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE, ROOT_CACHE, PIP_CACHE, MODE, STARTED = sys.argv[1:6]
POSTGRESQL = MODE == "--postgresql"
TIMES: list[tuple[str, float]] = []


def step(name: str) -> None:
    TIMES.append((name, time.monotonic()))
    print(f"install-test: {name} ({time.time() - int(STARTED):.0f} s so far)", flush=True)


def run(*args: str, **kwargs: object) -> None:
    subprocess.run(args, check=True, **kwargs)  # type: ignore[call-overload]


def unit_file(root: Path, name: str) -> dict[str, list[str]]:
    """The [Service] settings of an installed unit (an instance's from its template), each
    with its values in order (ExecStartPre may be given many times)."""
    base, _, instance = name.partition("@")
    template = f"{base}@.service" if instance else name
    for folder in ("etc/systemd/system", "lib/systemd/system", "usr/lib/systemd/system"):
        path = root / folder / template
        if path.exists():
            break
    else:
        raise SystemExit(f"install-test: no unit file {template} in the root")
    settings: dict[str, list[str]] = {}
    section = ""
    for raw in path.read_text().splitlines():
        line = raw.strip()
        if line.startswith("["):
            section = line
        elif section == "[Service]" and "=" in line and not line.startswith("#"):
            key, value = line.split("=", 1)
            value = value.replace("%i", instance.removesuffix(".service"))
            settings.setdefault(key.strip(), []).append(value.strip())
    return settings


class Services:
    """The installed units, each run as its unit says, in one network namespace."""

    def __init__(self, root: Path, logs: Path) -> None:
        self.root = root
        self.logs = logs
        # A process holding the network namespace (loopback only) the services live in.
        self.holder = subprocess.Popen(["unshare", "-n", "sleep", "infinity"])
        time.sleep(0.2)  # unshare has made the namespace once it execs sleep
        self.enter = ["nsenter", "-t", str(self.holder.pid), "-n"]
        run(*self.enter, "ip", "link", "set", "lo", "up")
        self.running: dict[str, subprocess.Popen[bytes]] = {}
        self.postgresql = False  # its cluster started (pg_ctlcluster forks)

    def is_running(self, name: str) -> bool:
        return self.postgresql if name.startswith("postgresql") else name in self.running

    def start(self, name: str) -> None:
        if name.startswith("postgresql"):
            # postgresql.service only calls its clusters' postgresql@<version>-main units, whose
            # ExecStart is pg_ctlcluster (it forks): run as the unit does, in the namespace.
            run(*self.enter, "chroot", str(self.root), "runuser", "-u", "postgres", "--",
                "pg_ctlcluster", "--skip-systemctl-redirect", "15", "main", "start")
            self.postgresql = True
            return
        unit = unit_file(self.root, name)
        user = unit.get("User", ["root"])[-1]
        folder = unit.get("WorkingDirectory", ["/"])[-1]
        for command in unit.get("ExecStartPre", []):
            run(*self.enter, "chroot", str(self.root), *shlex.split(command))
        [command] = unit["ExecStart"]
        log = (self.logs / f"{name}.log").open("ab")
        shell = f"cd {shlex.quote(folder)} && exec {command}"
        self.running[name] = subprocess.Popen(
            [*self.enter, "chroot", str(self.root), "runuser", "-u", user, "--", "sh", "-c",
             shell], stdout=log, stderr=log, env={"PATH": "/usr/sbin:/usr/bin:/sbin:/bin",
                                                   "LANG": "C.UTF-8"})
        print(f"install-test: started {name}: {command} (as {user}, in {folder})", flush=True)

    def stop(self, name: str) -> None:
        if name.startswith("postgresql"):
            if self.postgresql:
                run(*self.enter, "chroot", str(self.root), "runuser", "-u", "postgres", "--",
                    "pg_ctlcluster", "--skip-systemctl-redirect", "15", "main", "stop")
            self.postgresql = False
            return
        proc = self.running.pop(name, None)
        if proc is None:
            return
        # nsenter/chroot/runuser pass the signal on; runuser waits for its child.
        proc.send_signal(signal.SIGTERM)
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(5)

    def close(self) -> None:
        for name in list(self.running):
            self.stop(name)
        self.stop("postgresql.service")
        self.holder.kill()
        self.holder.wait()


def main() -> int:
    # The work folder: install-test.sh's (removed by it once the namespace is gone), or one
    # of its own.
    given = os.environ.get("BASESTATION_INSTALL_WORK")
    work = Path(given) if given else Path(tempfile.mkdtemp(prefix="basestation-install-"))
    root = work / "root"
    for folder in ("upper", "work", "root", "logs", "state"):
        (work / folder).mkdir()
    if Path("/proc/self/uid_map").read_text().split() == ["0", "0", "4294967295"]:
        run("mount", "-t", "overlay", "overlay", "-o",
            f"lowerdir={ROOT_CACHE},upperdir={work}/upper,workdir={work}/work", str(root))
    else:
        # In a user namespace (--arm64) overlayfs cannot rename a lower folder (dpkg does:
        # "Invalid cross-device link"): a copy of the cached root instead, but its device
        # nodes (none can be made there; the machine's /dev is bound over it), mounted on
        # itself so that it is unmounted as the overlay is.
        for entry in Path(ROOT_CACHE).iterdir():
            if entry.name != "dev":
                run("cp", "-a", str(entry), str(root))
        (root / "dev").mkdir()
        run("mount", "--bind", str(root), str(root))
    run("mount", "--rbind", "/dev", str(root / "dev"))
    run("mount", "--rbind", "/proc", str(root / "proc"))
    run("mount", "--rbind", "/sys", str(root / "sys"))
    shutil.copy("/etc/resolv.conf", root / "etc/resolv.conf")
    (root / "root/.cache/pip").mkdir(parents=True, exist_ok=True)
    run("mount", "--bind", PIP_CACHE, str(root / "root/.cache/pip"))
    # A chroot's packages must not start their services on the host's network (Debian's
    # usual policy-rc.d for chroots); PostgreSQL is let start, as install.sh --postgresql
    # needs it running to create its database, and is moved into the namespace afterwards.
    policy = root / "usr/sbin/policy-rc.d"
    policy.write_text('#!/bin/sh\ncase "$1" in postgresql) exit 0 ;; esac\nexit 101\n')
    policy.chmod(0o755)
    # This machine's own certificate authorities (a sandbox's HTTPS proxy), so that pip in
    # the root reaches PyPI through it; a club's machine has none and needs none.
    local_cas = sorted(Path("/usr/local/share/ca-certificates").glob("*.crt"))
    for ca in local_cas:
        shutil.copy(ca, root / "usr/local/share/ca-certificates" / ca.name)
    if local_cas:
        run("chroot", str(root), "update-ca-certificates", stdout=subprocess.DEVNULL)
    # The source tree, as a club unpacks it: the project's files, no venv, no git.
    files = subprocess.run(["git", "-C", HERE, "ls-files", "-co", "--exclude-standard"],
                           check=True, capture_output=True, text=True).stdout.split("\n")
    for name in filter(None, files):
        source, target = Path(HERE, name), root / "root/src" / name
        if source.is_file():
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target)
    # As root logs in on the machine: nothing of this process's environment.
    install = ["env", "-i", "PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin",
               "HOME=/root", "LANG=C.UTF-8", "chroot", str(root), "/root/src/deploy/install.sh"]
    if POSTGRESQL:
        install.append("--postgresql")
    services = None
    env = {**os.environ, "BASESTATION_INSTALL_ROOT": str(root),
           "BASESTATION_INSTALL_STATE": str(work / "state"),
           "BASESTATION_INSTALL_DB": "postgresql" if POSTGRESQL else "sqlite"}
    units = ["mosquitto.service", "basestation.service"]
    try:
        step("install.sh")
        run(*install)
        if POSTGRESQL:
            run("chroot", str(root), "runuser", "-u", "postgres", "--", "pg_ctlcluster",
                "--skip-systemctl-redirect", "15", "main", "stop")
            units.insert(0, "postgresql.service")
        services = Services(root, work / "logs")
        pytest = [*services.enter, f"{HERE}/.venv/bin/pytest", "-x", "-q", "-p",
                  "no:cacheprovider", f"{HERE}/tests/deploy/test_install_real.py"]
        for phase in ("installed", "night", "upgraded", "second"):
            if phase in ("upgraded", "second"):
                for name in reversed(units):
                    services.stop(name)
                step("install.sh again (an upgrade)" if phase == "upgraded"
                     else "install.sh --instance second")
                if POSTGRESQL:  # install.sh --postgresql finds the database running
                    run("chroot", str(root), "runuser", "-u", "postgres", "--",
                        "pg_ctlcluster", "--skip-systemctl-redirect", "15", "main", "start")
                run(*install, *(["--instance", "second"] if phase == "second" else []))
                if POSTGRESQL:
                    run("chroot", str(root), "runuser", "-u", "postgres", "--",
                        "pg_ctlcluster", "--skip-systemctl-redirect", "15", "main", "stop")
                if phase == "second":
                    units.append("basestation@second.service")
            step(f"services started, phase {phase}")
            for name in units:
                if not services.is_running(name):
                    services.start(name)
            run(*pytest, "-k", phase, cwd=HERE, env={**env, "BASESTATION_INSTALL_PHASE": phase})
            if phase == "installed":
                # The club's edit of station.toml (made by the phase) takes a restart.
                services.stop("basestation.service")
        step("done")
    except subprocess.CalledProcessError as failed:
        print(f"install-test: FAILED: {shlex.join(map(str, failed.cmd))}", file=sys.stderr)
        for log in sorted((work / "logs").glob("*.log")):
            print(f"--- {log.name} (last lines)", file=sys.stderr)
            print("\n".join(log.read_text(errors="replace").splitlines()[-40:]),
                  file=sys.stderr)
        return 1
    finally:
        if services is not None:
            services.close()
        if POSTGRESQL:
            subprocess.run(["chroot", str(root), "runuser", "-u", "postgres", "--",
                            "pg_ctlcluster", "--skip-systemctl-redirect", "15", "main", "stop"],
                           check=False, capture_output=True)
        subprocess.run(["umount", "-R", str(root)], check=False, capture_output=True)
        # Never delete through a bind mount left behind (the machine's own /dev, /proc).
        mounted = [line.split()[4] for line in Path("/proc/self/mountinfo").read_text()
                   .splitlines() if line.split()[4].startswith(str(work))]
        if mounted:
            # In a user namespace the machine's mounts bound in are locked to each other:
            # they go with the namespace, and install-test.sh removes the folder then.
            print(f"install-test: {len(mounted)} mounts left under {work}, for now",
                  file=sys.stderr)
        else:
            shutil.rmtree(work, ignore_errors=True)
        for (name, at), (_, end) in zip(TIMES, [*TIMES[1:], ("end", time.monotonic())],
                                        strict=True):
            print(f"install-test: {name}: {end - at:.0f} s")
        print(f"install-test: total {time.time() - int(STARTED):.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
