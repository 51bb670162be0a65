#!/bin/bash
# Template letter clips from local TTS: flite (all voices incl. test voices; exclusion is done at match time)
# and espeak-ng (accents x variants x speeds). 16 kHz mono, trimmed like letters/ (gen_letters.sh).
set -e
cd "$(dirname "$0")/tmpl"
trim() { sox "$1" -r 16000 -c 1 -b 16 "$2" silence 1 0.02 0.5% reverse silence 1 0.02 0.5% reverse; }
for v in kal kal16 awb rms slt; do for r in 0.9 1.0 1.1 1.2 1.3 1.4 1.5; do
 for L in A B C D E F G H I J K L M N O P Q R S T U V W X Y Z; do
  l=$(echo $L | tr A-Z a-z); out=fl-${v}_${r}_${l}.wav; [ -f $out ] && continue
  flite -voice $v --setf duration_stretch=$r -t "$L." -o raw.wav; trim raw.wav $out
 done; done; done
for a in en-us en-us-nyc en-029 en-gb-x-rp; do for var in "" f1 f3 f5 m1 m3 m5 m7 klatt klatt3 Annie Andy; do for s in 120 170; do
 for L in A B C D E F G H I J K L M N O P Q R S T U V W X Y Z; do
  l=$(echo $L | tr A-Z a-z); [ $a = en-gb-x-rp ] && [ $l = z ] && continue
  vv=$a; [ -n "$var" ] && vv=$a+$var
  out=es-${a}${var:+-$var}_${s}_${l}.wav; [ -f $out ] && continue
  espeak-ng -v $vv -s $s -w raw.wav "$L"; trim raw.wav $out
 done; done; done; done
rm -f raw.wav
