import { Trans, useLingui } from '@lingui/react/macro';
import type { useLocalMedia } from './use-devices';

/** 'Configurações': which camera and microphone the studio uses. */
export function DevicePickers({ media }: { media: ReturnType<typeof useLocalMedia> }) {
  const { t } = useLingui();
  return (
    <section className="std-panel" aria-label={t`Configurações`}>
      <label>
        <Trans>Câmera</Trans>
        <select name="camera" value={media.cameraId} onChange={(e) => media.setCameraId(e.target.value)}>
          <option value="">{t`Padrão do navegador`}</option>
          {media.devices.cameras.map((d, i) => (
            <option key={d.deviceId || i} value={d.deviceId}>
              {d.label || t`Câmera ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
      <label>
        <Trans>Microfone</Trans>
        <select
          name="microphone"
          value={media.microphoneId}
          onChange={(e) => media.setMicrophoneId(e.target.value)}
        >
          <option value="">{t`Padrão do navegador`}</option>
          {media.devices.microphones.map((d, i) => (
            <option key={d.deviceId || i} value={d.deviceId}>
              {d.label || t`Microfone ${i + 1}`}
            </option>
          ))}
        </select>
      </label>
    </section>
  );
}
