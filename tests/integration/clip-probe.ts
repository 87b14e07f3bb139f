/** What ffprobe reads of a clip file, for the clip suites. */
import { execFileSync } from 'node:child_process';

/** Length in seconds, picture width and stream codecs of `file`. */
export function probe(file: string): { duration: number; width: number; codecs: string[] } {
  const out = execFileSync('/usr/bin/ffprobe', [
    ...['-v', 'error', '-show_entries', 'stream=codec_name,width:format=duration'],
    ...['-of', 'json', file],
  ]).toString();
  const json = JSON.parse(out) as {
    streams: { codec_name: string; width?: number }[];
    format: { duration: string };
  };
  return {
    duration: Number(json.format.duration),
    width: json.streams.find((s) => s.width)?.width ?? 0,
    codecs: json.streams.map((s) => s.codec_name),
  };
}
