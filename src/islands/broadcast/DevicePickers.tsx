/** The camera and microphone selects of a browser broadcast (listed once the anchor allowed them). */
import { useStore } from '@nanostores/react';
import { $broadcast, chooseDevice } from '../../lib/stores/broadcast.ts';
import { useT } from '../use-t.ts';

/** The two selects; the camera's is left out while a screen is shared. */
export function DevicePickers() {
  const t = useT();
  const { cameras, mics, cameraId, micId, source } = useStore($broadcast);
  return (
    <div className="bc-devices">
      {source === 'camera' && cameras.length > 0 && (
        <label className="bc-field">
          <span>{t('broadcast.cameraPick')}</span>
          <select
            name="camera"
            value={cameraId}
            onChange={(e) => void chooseDevice('camera', e.target.value)}
          >
            {cameras.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
      )}
      {mics.length > 0 && (
        <label className="bc-field">
          <span>{t('broadcast.micPick')}</span>
          <select
            name="mic"
            value={micId}
            onChange={(e) => void chooseDevice('mic', e.target.value)}
          >
            {mics.map((d) => (
              <option key={d.id} value={d.id}>
                {d.label}
              </option>
            ))}
          </select>
        </label>
      )}
    </div>
  );
}
