#!/usr/bin/env python3
"""The README's start (issue 38, item 2): a build's desk started by a command of its own under a real X
display (Xvfb with openbox, GTK, no Monocle), launch -> the line the desk logs when its first day (or,
on a new home, its welcome screen) is painted, with the JVM's CPU until then. Variants are commands that
take turns, the order flipping every round (ABBA), so a drift of the machine's load falls on all alike.

  Xvfb :91 -screen 0 1600x1000x24 & DISPLAY=:91 openbox &
  cd app/target
  DISPLAY=:91 python3 ../src/bench/readme-start.py 3 'jar=java -jar salondesk.jar' 'script=./salondesk'          # warm
  DISPLAY=:91 FRESH=1 python3 ../src/bench/readme-start.py 3 'jar=java -jar salondesk.jar' 'script=./salondesk'  # a new home
Warm starts share one home (its demo salon made once by the first variant); FRESH=1 gives every start an
empty home of its own (unpacking PostgreSQL, initdb, the migrations, then the welcome screen)."""
import os, re, shlex, subprocess, sys, tempfile, time, statistics
rounds = int(sys.argv[1]); variants = [a.split('=', 1) for a in sys.argv[2:]]
root = tempfile.mkdtemp(prefix='readme-start-')
env = dict(os.environ); env.pop('SALONDESK_DB_URL', None)
FRESH = os.environ.get('FRESH') == '1'
PAINT = re.compile(r'first (?:day|screen \(welcome\)) painted (\d+) ms after the JVM started.*?phases, ms after the JVM started: (.*)$')
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
warm_home = root + '/warm'
if not FRESH:
    subprocess.run(shlex.split(variants[0][1]) + ['demo'], env=dict(env, SALONDESK_HOME=warm_home),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, check=True)
res = {l: [] for l, _ in variants}
def start(label, command, n):
    home = f'{root}/fresh-{label}-{n}' if FRESH else warm_home
    log = home + '/logs/salondesk.log'
    before = len(open(log).read().splitlines()) if os.path.exists(log) else 0
    t0 = time.monotonic()
    p = subprocess.Popen(shlex.split(command), env=dict(env, SALONDESK_HOME=home), stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        while time.monotonic() - t0 < 300:
            lines = open(log).read().splitlines()[before:] if os.path.exists(log) else []
            m = next((PAINT.search(l) for l in lines if PAINT.search(l)), None)
            if m:
                wall = (time.monotonic() - t0) * 1000
                cpu = cpu_ms(p.pid)
                res[label].append((wall, int(m.group(1)), cpu))
                print(f'{label}: launch->painted {wall:.0f} ms, JVM {m.group(1)} ms, JVM cpu {cpu:.0f} ms, '
                      f'load {os.getloadavg()[0]:.1f}; phases {m.group(2)}', flush=True)
                if os.environ.get('SHOT'):
                    subprocess.run(['import', '-window', 'root', f"{os.environ['SHOT']}-{label}-{n}.png"])
                return
            time.sleep(0.01)
        print(label, 'no paint within 300 s', flush=True)
    finally:
        p.terminate(); p.wait(60)
        time.sleep(1)
for r in range(rounds):
    for label, command in (variants if r % 2 == 0 else variants[::-1]):
        start(label, command, r)
for label, runs in res.items():
    if runs:
        print(f'{label}: median launch->painted {statistics.median(r[0] for r in runs):.0f} ms, JVM {statistics.median(r[1] for r in runs):.0f} ms, '
              f'CPU {statistics.median(r[2] for r in runs):.0f} ms over {len(runs)}; all: {[round(r[0]) for r in runs]}')
print('load average at the end:', os.getloadavg())
