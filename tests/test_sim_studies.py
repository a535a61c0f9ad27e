"""The studies of the period advice (roundgames.sim.studies) and ``roundgames study``: their intervals against known
values, and each study run tiny through the command into a folder: a report with every section, PNG figures,
intervals that hold their means, rules' agreements between 0 and 100%, each question answered against sensible
players and against the computed strategy, and the same report on 0 and 2 workers."""

from __future__ import annotations

import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from cli_run import Run, run_cli
from roundgames.sim.report import SECTIONS
from roundgames.sim.stats import mean_interval, paired_difference, wilson
from roundgames.sim.studies import STUDIES

pytest.importorskip("numba")

#: each study at a size that runs in seconds
TINY = {
    "loo-stand": ("--per-class", "1"),
    "loo-miss": ("--deals", "20000"),
    "loo-defence": ("--deals", "20000"),
    "nap-call": ("--per-class", "1"),
    "nap-defence": ("--deals", "20000"),
    "strategy": ("--deals", "20000"),
}
PNG = b"\x89PNG\r\n\x1a\n"
#: ``0.41 (0.39 to 0.43)``, ``58.5% (57.4 to 59.5)``
INTERVAL = re.compile(r"(-?\d+(?:\.\d+)?)%? \((-?\d+(?:\.\d+)?) to (-?\d+(?:\.\d+)?)\)")


def study(name: str, out: Path, *extra: str) -> Run:
    """``roundgames study NAME`` at its tiny size, in this process (the command in a process of its own is the
    Ctrl-C test's)."""
    return run_cli("study", name, *TINY[name], "--seed", "3", "--out", str(out), *extra)


def test_the_normal_interval_of_a_mean() -> None:
    # values 1, 1, 3, 3: mean 2, sample variance 4/3, half width 1.96 * sqrt(1/3)
    e = mean_interval(n=4, total=8, squares=20)
    assert e.mean == 2.0
    assert e.half_width == pytest.approx(1.959964 * (1 / 3) ** 0.5, rel=1e-6)
    assert mean_interval(0, 0, 0).n == 0
    # one value says nothing of the spread: its interval excludes nothing
    one = mean_interval(1, 5, 25)
    assert one.mean == 5.0 and not one.excludes(0.0)


def test_wilsons_interval_matches_its_published_values() -> None:
    # Wilson's 95% interval for 8 of 10 is 0.4902 to 0.9433; for 0 of 10, 0 to 0.2775
    p = wilson(8, 10)
    assert (round(p.low, 4), round(p.high, 4)) == (0.4902, 0.9433)
    q = wilson(0, 10)
    assert q.low == 0.0 and round(q.high, 4) == 0.2775


def test_a_paired_difference_is_the_interval_of_the_differences() -> None:
    a, b = [3.0, 5.0, 4.0, 6.0], [2.0, 3.0, 3.0, 4.0]  # differences 1, 2, 1, 2
    d = paired_difference(a, b)
    assert d.mean == 1.5
    assert d.half_width == pytest.approx(1.959964 * (1 / 3) ** 0.5 / 2, rel=1e-6)
    # the two means' own intervals are much wider than the paired one
    assert mean_interval(4, sum(a), sum(x * x for x in a)).half_width > d.half_width
    with pytest.raises(ValueError, match="one of each per deal"):
        paired_difference([1.0], [1.0, 2.0])


def test_study_list_names_every_study() -> None:
    r = run_cli("study", "--list")
    assert r.returncode == 0
    assert [line.split()[0] for line in r.stdout.splitlines()] == list(STUDIES)


@pytest.mark.parametrize(
    ("args", "says"),
    [
        (
            ("study", "loo-sit"),
            "no study 'loo-sit' (valid: loo-stand, loo-miss, loo-defence, nap-call, nap-defence, strategy)",
        ),
        (("study", "loo-stand", "--deals", "10"), "--deals: study 'loo-stand' is sized by --per-class"),
        (("study", "nap-defence", "--per-class", "2"), "--per-class: study 'nap-defence' is sized by --deals"),
        (("study", "loo-miss", "--deals", "0"), "--deals: 0: give 1 or more"),
        (("study",), "give a study's name"),
        (("study", "loo-miss", "--deals", "1" + "0" * 20), "size: 100,000,000,000,000,000,000 (--deals) makes"),
        (("study", "loo-miss", "--deals", "10", "--out", __file__), f"--out: {__file__!r} is a file, not a folder"),
    ],
)
def test_a_bad_study_or_size_is_one_line_and_status_2(args: tuple[str, ...], says: str) -> None:
    r = run_cli(*args)
    assert r.returncode == 2
    assert r.stderr.count("\n") == 1 and says in r.stderr, r.stderr


def check_report(out: Path, name: str) -> str:
    page = out / f"{name}.md"
    text = page.read_text(encoding="utf-8")
    headings = [line[3:] for line in text.splitlines() if line.startswith("## ")]
    assert headings == list(SECTIONS)
    figures = re.findall(rf"\]\(({re.escape(name)}/[a-z0-9-]+\.png)\)", text)
    assert figures
    for fig in figures:
        assert (out / fig).read_bytes().startswith(PNG)
    intervals = INTERVAL.findall(text)
    assert intervals
    for mean, low, high in intervals:
        # rounded to the same digits: the interval holds its mean
        assert float(low) <= float(mean) <= float(high), (mean, low, high)
    rules = text.split("## A rule to remember", 1)[1].split("## The command", 1)[0]
    shares = re.findall(r"^\| [^|]+ \| (\d+(?:\.\d+)?)% \|", rules, flags=re.M)
    assert shares and all(0 <= float(s) <= 100 for s in shares)
    assert f"roundgames study {name} {' '.join(TINY[name])} --seed 3" in text
    return text


#: a verdict's head and what it rests on against each field (studies._common.verdict)
BOTH = re.compile(
    r"^- (Holds|Holds in part|Does not hold|Does not hold in part|Fails in part|Cannot be measured|Makes no difference"
    r"[a-z ]*) against sensible players(?: and| nor|, [a-z ]+) against the strategy: .*against sensible players, "
    r"(.*); against the strategy, (.*)\.$",
    re.M,
)


def check_both_fields(text: str, name: str) -> None:
    """The question answered against sensible players and against the strategy: every verdict speaks of both (the
    words against each, then what each rests on), their numbers differ somewhere, and the rules' table and a
    figure show the strategy's answer."""
    verdicts = text.split("**Verdicts:**", 1)[1].split("\n## ", 1)[0]
    lines = [line for line in verdicts.splitlines() if line.startswith("- ")]
    both = BOTH.findall(verdicts)
    assert both and all("the strategy" in line for line in lines), verdicts
    assert any(sensible != strategy for _, sensible, strategy in both)  # not the same deals played twice
    assert "| Rule | Agrees with the best choice | Against the strategy | Note |" in text
    assert re.search(rf"\]\({re.escape(name)}/[a-z0-9-]+-strategy\.png\)", text)


def check_strategy_report(text: str) -> None:
    """The strategy's report: its Loo and Nap tables, every maxim with how many decisions it covers, the worked
    examples read from the tables, and a marked place for each exploitability figure the lead has not filled in
    (never a figure of its own)."""
    for heading in ("### Three-card Loo", "### Nap", "### Exploitability", "**When to stand.**", "**What to call.**"):
        assert heading in text
    verdicts = text.split("**Verdicts:**", 1)[1].split("\n## ", 1)[0]
    covered = re.findall(r"the strategy does so in [\d.]+% \([\d.]+ to [\d.]+\) of the ([\d,]+) decisions", verdicts)
    assert len(covered) >= 9 and all(int(n.replace(",", "")) > 0 for n in covered), verdicts
    for maxim in ("without a trump", "two have declared", "good enough for four", "ace, king and queen"):
        assert maxim in verdicts
    # the eldest holding the perfect Nap with nothing called: the strategy's own row, read from its table
    assert re.search(r"^\| `AS KS QS JS TS` \| [^|]+ \| (nap|[^|]*nap \d+%[^|]*) \|", text, flags=re.M)
    from roundgames.sim.studies.strategy import MEASURED  # the sim extra, which the module's skip guards

    exploit = text.split("### Exploitability", 1)[1].split("**Verdicts:**", 1)[0]
    assert exploit.count("**[To be filled in by the lead]**") == 2 - len(MEASURED)


@pytest.mark.parametrize("name", list(STUDIES))
def test_a_tiny_study_writes_its_report(tmp_path: Path, name: str) -> None:
    done = study(name, tmp_path, "--workers", "0")
    assert done.returncode == 0, done.stderr
    assert str(tmp_path / f"{name}.md") in done.stdout and "deals/s" in done.stdout
    text = check_report(tmp_path, name)
    if name == "strategy":
        check_strategy_report(text)
    else:
        check_both_fields(text, name)
    # the index of the folder's reports links this one, with its verdicts
    index = (tmp_path / "index.md").read_text(encoding="utf-8")
    title = text.splitlines()[0].removeprefix("# ")
    assert f"## [{title}]({name}.md)" in index
    verdicts = text.split("**Verdicts:**", 1)[1].split("\n## ", 1)[0].strip()
    assert verdicts and verdicts in index


def test_a_study_on_two_workers_gives_the_same_report_as_on_none(tmp_path: Path) -> None:
    """Only the line saying how long the run took may differ."""
    one, two = tmp_path / "one", tmp_path / "two"
    for out, workers in ((one, "0"), (two, "2")):
        done = study("loo-defence", out, "--workers", workers)
        assert done.returncode == 0, done.stderr

    def text(out: Path) -> str:
        return re.sub(r"^Run: .*$", "Run:", (out / "loo-defence.md").read_text(encoding="utf-8"), flags=re.M)

    assert text(one) == text(two).replace(str(two), str(one))
    figures = sorted(p.name for p in (one / "loo-defence").iterdir())
    assert figures == sorted(p.name for p in (two / "loo-defence").iterdir())
    for fig in figures:
        assert (one / "loo-defence" / fig).read_bytes() == (two / "loo-defence" / fig).read_bytes()


def _cpu_seconds(pid: int) -> float:
    """The user and system CPU seconds process ``pid`` has used (Linux's /proc)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def test_ctrl_c_stops_a_study_and_leaves_the_reports_as_they_were(tmp_path: Path) -> None:
    out = tmp_path / "reports"
    out.mkdir()
    (out / "loo-miss.md").write_text("an earlier report\n", encoding="utf-8")
    command = [sys.executable, "-m", "roundgames", "study", "loo-miss", "--deals", "50000000", "--workers", "0"]
    proc = subprocess.Popen([*command, "--out", str(out)], stderr=subprocess.PIPE, text=True)
    # Past the interpreter's start (Ctrl-C before the command itself runs is Python's), then a while into the
    # study: fifty million deals a choice take minutes. Counted in the process's CPU time, which a busy machine
    # does not stretch as it stretches the clock.
    deadline = time.monotonic() + 120
    while _cpu_seconds(proc.pid) < 3.0 and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.1)
    proc.send_signal(signal.SIGINT)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130
    assert err.strip().splitlines() == [
        f"roundgames study: stopped; no report written (any report already in {out} is unchanged)"
    ]
    assert (out / "loo-miss.md").read_text(encoding="utf-8") == "an earlier report\n"
    assert sorted(p.name for p in out.iterdir()) == ["loo-miss.md"]
