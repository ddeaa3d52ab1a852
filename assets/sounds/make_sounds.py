"""Make the table's short sound effects as small WAV files (pure Python: `wave` + `math`, no numpy).

Why generated: no third-party recordings to license, tiny files, and anyone can tune a sound by editing
a few numbers here and running `python assets/sounds/make_sounds.py`. The output is deterministic (seeded
noise), 22050 Hz, 16-bit mono, and is committed next to this script.

    deal.wav     a card flicked onto the felt (a short bright noise burst)
    flip.wav     a card turned over (a soft snap with a tiny pitch drop)
    sweep.wav    cards swept into a stack (a filtered noise swoosh)
    chime.wav    the round's verdict (a soft two-note bell)
    fanfare.wav  the end of a game (a rising arpeggio into a held chord)
"""

from __future__ import annotations

import math
import random
import struct
import wave
from pathlib import Path

RATE = 22050
HERE = Path(__file__).resolve().parent


def _write(name: str, samples: list[float], peak: float = 0.8) -> Path:
    top = max(1e-9, max(abs(s) for s in samples))
    scale = peak / top * 32767
    path = HERE / name
    with wave.open(str(path), "wb") as out:
        out.setnchannels(1)
        out.setsampwidth(2)
        out.setframerate(RATE)
        out.writeframes(b"".join(struct.pack("<h", int(max(-32767, min(32767, s * scale)))) for s in samples))
    return path


def _fade(samples: list[float], ms: float = 4.0) -> list[float]:
    """Short fade in/out so nothing clicks at the edges."""
    n = min(len(samples) // 2, int(RATE * ms / 1000))
    for i in range(n):
        g = i / n
        samples[i] *= g
        samples[-1 - i] *= g
    return samples


def _noise(n: int, seed: int) -> list[float]:
    rng = random.Random(seed)
    return [rng.uniform(-1.0, 1.0) for _ in range(n)]


def _highpass(samples: list[float], amount: float) -> list[float]:
    out, prev_in, prev_out = [], 0.0, 0.0
    for s in samples:
        prev_out = amount * (prev_out + s - prev_in)
        prev_in = s
        out.append(prev_out)
    return out


def _lowpass(samples: list[float], amount: float) -> list[float]:
    out, y = [], 0.0
    for s in samples:
        y += amount * (s - y)
        out.append(y)
    return out


def deal() -> list[float]:
    n = int(RATE * 0.09)
    noise = _highpass(_noise(n, 1), 0.85)
    return _fade([noise[i] * math.exp(-i / (RATE * 0.012)) for i in range(n)])


def flip() -> list[float]:
    n = int(RATE * 0.12)
    noise = _lowpass(_noise(n, 2), 0.35)
    out = []
    for i in range(n):
        t = i / RATE
        snap = noise[i] * math.exp(-t / 0.018)
        body = 0.35 * math.sin(2 * math.pi * (420 - 900 * t) * t) * math.exp(-t / 0.03)
        out.append(snap + body)
    return _fade(out)


def sweep() -> list[float]:
    n = int(RATE * 0.38)
    noise = _noise(n, 3)
    out, y = [], 0.0
    for i in range(n):
        u = i / n
        cutoff = 0.05 + 0.35 * math.sin(math.pi * u)          # the swoosh opens and closes
        y += cutoff * (noise[i] - y)
        out.append(y * math.sin(math.pi * u) ** 1.5)
    return _fade(out, 10)


def _bell(freq: float, t: float, decay: float) -> float:
    return (math.sin(2 * math.pi * freq * t) + 0.35 * math.sin(2 * math.pi * freq * 2.01 * t)
            + 0.12 * math.sin(2 * math.pi * freq * 3.0 * t)) * math.exp(-t / decay)


def chime() -> list[float]:
    n = int(RATE * 0.9)
    out = []
    for i in range(n):
        t = i / RATE
        v = _bell(784.0, t, 0.28)                               # G5, then C6 a beat later
        if t > 0.09:
            v += 0.8 * _bell(1046.5, t - 0.09, 0.32)
        out.append(v * min(1.0, t / 0.004))
    return _fade(out, 20)


def _tone(freq: float, t: float) -> float:
    """A warm brass-ish tone: a few odd and even harmonics."""
    return sum(a * math.sin(2 * math.pi * freq * k * t) for k, a in ((1, 1.0), (2, 0.45), (3, 0.3), (4, 0.12)))


def fanfare() -> list[float]:
    notes = [(0.00, 523.25, 0.16), (0.15, 659.25, 0.16), (0.30, 783.99, 0.16), (0.45, 1046.5, 0.9)]
    chord = [(0.45, 659.25, 0.9), (0.45, 783.99, 0.9)]
    n = int(RATE * 1.45)
    out = [0.0] * n
    for start, freq, length in notes + chord:
        level = 1.0 if (start, freq, length) in notes else 0.45
        first = int(start * RATE)
        for i in range(first, min(n, first + int((length + 0.25) * RATE))):
            t = (i - first) / RATE
            env = min(1.0, t / 0.015) * (1.0 if t < length else math.exp(-(t - length) / 0.08))
            env *= 0.85 + 0.15 * math.exp(-t / 0.05)
            out[i] += level * env * _tone(freq, t)
    return _fade(out, 25)


SOUNDS = {"deal.wav": (deal, 0.55), "flip.wav": (flip, 0.6), "sweep.wav": (sweep, 0.6), "chime.wav": (chime, 0.5),
          "fanfare.wav": (fanfare, 0.55)}


def main() -> None:
    for name, (make, peak) in SOUNDS.items():
        path = _write(name, make(), peak)
        print(f"{path.name}: {path.stat().st_size} bytes")


if __name__ == "__main__":
    main()
