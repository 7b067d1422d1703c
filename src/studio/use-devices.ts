import { useEffect, useState } from 'react';

export interface Devices {
  cameras: MediaDeviceInfo[];
  microphones: MediaDeviceInfo[];
}

/** The camera and microphone chosen (ids; '' for the browser's default), their stream, and the lists. */
export function useLocalMedia() {
  const [cameraId, setCameraId] = useState('');
  const [microphoneId, setMicrophoneId] = useState('');
  const [stream, setStream] = useState<MediaStream | null>(null);
  const [devices, setDevices] = useState<Devices>({ cameras: [], microphones: [] });
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let current: MediaStream | null = null;
    let cancelled = false;
    navigator.mediaDevices
      .getUserMedia({
        video: {
          width: { ideal: 1280 },
          height: { ideal: 720 },
          ...(cameraId ? { deviceId: { exact: cameraId } } : {}),
        },
        audio: microphoneId ? { deviceId: { exact: microphoneId } } : true,
      })
      .then(async (media) => {
        if (cancelled) {
          for (const t of media.getTracks()) t.stop();
          return;
        }
        current = media;
        setFailed(false);
        setStream(media);
        // Labels are only known once access is granted.
        const all = await navigator.mediaDevices.enumerateDevices();
        setDevices({
          cameras: all.filter((d) => d.kind === 'videoinput'),
          microphones: all.filter((d) => d.kind === 'audioinput'),
        });
      })
      .catch(() => {
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      for (const t of current?.getTracks() ?? []) t.stop();
    };
  }, [cameraId, microphoneId]);

  return { stream, devices, failed, cameraId, setCameraId, microphoneId, setMicrophoneId };
}
