# SPDX-License-Identifier: GPL-2.0
"""Histograms of the reports (bench, boards) through gnuplot."""
import subprocess


def histogram(dat, png, size, settings, columns):
    """Plot @dat (label, then one column per series) as a histogram into
    @png.  @columns: (title, extra) per series from the second column on;
    @settings: gnuplot 'set' commands.  pngcairo where gnuplot has it."""
    series = ", ".join(("''" if i else f"'{dat}'") + f" using {i + 2}" +
                       ("" if i else ":xtic(1)") + f" title '{t}' {extra}"
                       for i, (t, extra) in enumerate(columns))
    gp = (f"set terminal pngcairo size {size} noenhanced; set output '{png}';"
          "set style data histograms; set style fill solid; set boxwidth 0.9;"
          f"set grid ytics; {settings}; plot {series}")
    if subprocess.run(["gnuplot", "-e", gp], capture_output=True, text=True).returncode:
        subprocess.run(["gnuplot", "-e", gp.replace("pngcairo", "png")], check=True)
