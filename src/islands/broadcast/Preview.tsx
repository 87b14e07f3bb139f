/** The anchor's own picture, live from the camera or screen (never the delayed stream). */
import { useEffect, useRef } from 'react';

/** A muted video of `stream`; a camera is mirrored as people expect to see themselves. */
export function Preview({
  stream,
  mirrored,
  label,
}: {
  stream: MediaStream | null;
  mirrored: boolean;
  label: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const el = video.current;
    if (!el || el.srcObject === stream) return;
    el.srcObject = stream;
    if (stream) void el.play().catch(() => {});
  }, [stream]);
  return (
    <div className="bc-preview" data-mirrored={mirrored ? '1' : '0'}>
      <video ref={video} muted playsInline autoPlay aria-label={label} data-broadcast-preview />
    </div>
  );
}
