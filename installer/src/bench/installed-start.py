#!/usr/bin/env python3
"""The installed desk's start (issue 16, ADR 24): /opt/salondesk/bin/SalonDesk under Xvfb (real GTK, no
Monocle), launch -> the line the desk logs when its first day (or, on a new PC, its welcome screen) is
painted, with the JVM's CPU until then. Each variant is a class-data sharing archive copied in place of
/opt/salondesk/lib/app/salondesk.jsa before its start; variants take turns, the order flipping every
round (ABBA), so a drift of the machine's load falls on all alike.

  sudo apt install ./installer/target/jpackage/salondesk_*_amd64.deb xvfb
  cp /opt/salondesk/lib/app/salondesk.jsa /tmp/app.jsa                       # the postinst's archive
  cp /opt/salondesk/lib/runtime/lib/server/classes.jsa /tmp/jdk.jsa          # the JDK's alone
  python3 installer/src/bench/installed-start.py 8 jdk=/tmp/jdk.jsa app=/tmp/app.jsa            # warm
  COLD=1 python3 installer/src/bench/installed-start.py 4 jdk=/tmp/jdk.jsa app=/tmp/app.jsa     # demo, then the first start
  FRESH=1 python3 installer/src/bench/installed-start.py 4 jdk=/tmp/jdk.jsa app=/tmp/app.jsa    # a new PC: the welcome screen
Put the postinst's archive back afterwards (cp /tmp/app.jsa /opt/salondesk/lib/app/salondesk.jsa)."""
import os, re, subprocess, sys, time, shutil, statistics
rounds = int(sys.argv[1]); variants = [a.split('=', 1) for a in sys.argv[2:]]
target = '/opt/salondesk/lib/app/salondesk.jsa'
home = '/tmp/sb/home'; os.makedirs('/tmp/sb', exist_ok=True)
env = dict(os.environ, SALONDESK_HOME=home, DISPLAY=':77', HOME='/tmp/sb')
env.pop('SALONDESK_DB_URL', None)
xvfb = subprocess.Popen(['Xvfb', ':77', '-screen', '0', '1600x1000x24'], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
time.sleep(1)
if not os.path.exists(home):
    subprocess.run(['/opt/salondesk/bin/SalonDesk', 'demo'], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
log = home + '/logs/salondesk.log'
PAINT = re.compile(r'first (?:day|screen \(welcome\)) painted (\d+) ms after the JVM started')
TICK = os.sysconf('SC_CLK_TCK')
def cpu_ms(pid):
    total = 0
    for p in [pid] + [int(c) for c in open(f'/proc/{pid}/task/{pid}/children').read().split()]:
        try:
            f = open(f'/proc/{p}/stat').read().rsplit(')', 1)[1].split()
            total += int(f[11]) + int(f[12])
        except FileNotFoundError:
            pass
    return total * 1000 / TICK
res = {l: [] for l, _ in variants}
COLD = os.environ.get('COLD') == '1'
def start(label, jsa):
    global home, log, env
    shutil.copyfile(jsa, target)
    if os.environ.get('FRESH') == '1':
        home = f'/tmp/sb/fresh-{label}-{time.monotonic_ns()}'
        env = dict(env, SALONDESK_HOME=home)
        log = home + '/logs/salondesk.log'
    if COLD:
        home = f'/tmp/sb/cold-{label}-{time.monotonic_ns()}'
        env = dict(env, SALONDESK_HOME=home)
        log = home + '/logs/salondesk.log'
        t = time.monotonic()
        subprocess.run(['/opt/salondesk/bin/SalonDesk', 'demo'], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
        print(f'{label}: demo on a new home {(time.monotonic() - t) * 1000:.0f} ms', flush=True)
    before = len(open(log).read().splitlines()) if os.path.exists(log) else 0
    t0 = time.monotonic()
    p = subprocess.Popen(['/opt/salondesk/bin/SalonDesk'], env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.monotonic() - t0 < 120:
            lines = open(log).read().splitlines()[before:] if os.path.exists(log) else []
            m = next((PAINT.search(l) for l in lines if PAINT.search(l)), None)
            if m:
                wall = (time.monotonic() - t0) * 1000
                cpu = cpu_ms(p.pid)
                res[label].append((wall, int(m.group(1)), cpu))
                print(f'{label}: launch->painted {wall:.0f} ms, JVM {m.group(1)} ms, JVM cpu {cpu:.0f} ms, load {os.getloadavg()[0]:.1f}', flush=True)
                return
            time.sleep(0.01)
        print(label, 'no paint'); 
    finally:
        p.terminate(); p.wait(60)
        time.sleep(1)
try:
    for r in range(rounds):
        order = variants if r % 2 == 0 else variants[::-1]
        for label, jsa in order:
            start(label, jsa)
finally:
    xvfb.terminate()
for label, runs in res.items():
    if runs:
        print(f'{label}: median launch->painted {statistics.median(r[0] for r in runs):.0f} ms, JVM {statistics.median(r[1] for r in runs):.0f} ms, CPU {statistics.median(r[2] for r in runs):.0f} ms over {len(runs)}; all: {[round(r[0]) for r in runs]}')
