import { Trans, useLingui } from '@lingui/react/macro';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { RadioGroup } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import type { SettingsFieldsProps } from './types';

/** Type, latency, and the transcode and automation switches (SPEC §2.7); the server refuses (409) what
 * `locked` and `ended` disable. */
export function TransmissionFields({ form, set, locked, ended }: SettingsFieldsProps) {
  const { t } = useLingui();
  const endedHint = <Trans>Não é possível alterar após o fim da transmissão.</Trans>;
  return (
    <div className={formStyles.formGrid}>
      <RadioGroup
        name="type"
        legend={<Trans>Tipo de transmissão</Trans>}
        value={form.type}
        // The studio publishes over WebRTC, which viewers can play in under a second (WHEP) only in
        // the ultra low mode: choosing it proposes that mode, which the user may change back
        // (docs/studio.md "Studio defaults").
        onChange={(type) =>
          set(
            type === 'studio' && !locked && form.latency === 'default'
              ? { type, latency: 'ultraLow' }
              : { type },
          )
        }
        disabled={ended}
        options={[
          { value: 'encoder', label: t`Encoder` },
          { value: 'studio', label: t`Estúdio` },
        ]}
        hint={
          ended ? (
            endedHint
          ) : (
            <Trans>Encoder: envie o sinal por RTMP (OBS, vMix…). Estúdio: transmita pelo navegador.</Trans>
          )
        }
      />
      <RadioGroup
        name="latency"
        legend={<Trans>Latência</Trans>}
        value={form.latency}
        onChange={(latency) => set({ latency })}
        disabled={locked}
        options={[
          { value: 'default', label: t`Padrão` },
          { value: 'low', label: t`Baixa` },
          { value: 'ultraLow', label: t`Ultra baixa (beta)` },
        ]}
        hint={
          locked ? (
            <Trans>A latência não pode ser alterada depois do início da transmissão.</Trans>
          ) : form.type === 'studio' ? (
            <Trans>
              Para o estúdio recomendamos "Ultra baixa": os espectadores veem a imagem em menos de um segundo
              (WebRTC). Nas outras opções o atraso é de alguns segundos.
            </Trans>
          ) : undefined
        }
      />
      {ended ? <p className={`${layout.muted} ${formStyles.full}`}>{endedHint}</p> : null}
      <div className={`${formStyles.switches} ${formStyles.full}`}>
        <Switch
          name="transcode.enableDvr"
          label={<Trans>DVR</Trans>}
          hint={<Trans>O espectador pode voltar a trechos já transmitidos.</Trans>}
          checked={form.enableDvr}
          disabled={ended}
          onCheckedChange={(enableDvr) => set({ enableDvr })}
        />
        <Switch
          name="transcode.enableLive2vod"
          label={<Trans>Live para VOD</Trans>}
          hint={<Trans>Grava a transmissão e a publica no Video on Demand ao encerrar.</Trans>}
          checked={form.enableLive2vod}
          disabled={ended}
          onCheckedChange={(enableLive2vod) => set({ enableLive2vod })}
        />
        <Switch
          name="transcode.enableAudioOnly"
          label={<Trans>Somente áudio</Trans>}
          hint={<Trans>Transmite apenas o áudio do sinal.</Trans>}
          checked={form.enableAudioOnly}
          disabled={ended}
          onCheckedChange={(enableAudioOnly) => set({ enableAudioOnly })}
        />
        <Switch
          name="autoCuts"
          label={<Trans>Cortes automáticos</Trans>}
          hint={<Trans>Interrompe o sinal após 10 minutos sem conteúdo.</Trans>}
          checked={form.autoCuts}
          disabled={ended}
          onCheckedChange={(autoCuts) => set({ autoCuts })}
        />
        <Switch
          name="autoStart"
          label={<Trans>Início automático</Trans>}
          hint={<Trans>A transmissão começa sozinha quando o sinal chega.</Trans>}
          checked={form.autoStart}
          disabled={ended}
          onCheckedChange={(autoStart) => set({ autoStart })}
        />
      </div>
    </div>
  );
}
