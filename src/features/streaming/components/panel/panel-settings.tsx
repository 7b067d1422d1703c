import { Trans, useLingui } from '@lingui/react/macro';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import { Button } from '@/components/ui/button';
import { ColorInput } from '@/components/ui/color-input';
import * as formStyles from '@/components/ui/form.css';
import * as layout from '@/components/ui/layout.css';
import { RadioGroup } from '@/components/ui/radio-group';
import { Switch } from '@/components/ui/switch';
import { sameColor } from '@/lib/color';
import type { Stream } from '../../api/stream';
import { hasStarted } from '../../lib/status';
import { useSetting } from './use-setting';

/** Settings the operator changes on the spot: transcode and automation switches (until the end),
 * latency (until the start), player colour (until the start) and the streaming type (until the end).
 * The server refuses the same changes (409). */
export function PanelSettings({ stream }: { stream: Stream }) {
  const { t } = useLingui();
  const { change, saving, shown } = useSetting(stream.id);
  const started = hasStarted(stream.status);
  // Switches and type only act while on air: a finished stream keeps them as they were.
  const ended = stream.status === 'finished';
  const endedHint = ended ? <Trans>Não é possível alterar após o fim da transmissão.</Trans> : undefined;
  const [color, setColor] = useState(stream.assets.playerColor);
  useEffect(() => setColor(stream.assets.playerColor), [stream.assets.playerColor]);

  const toggle = (key: keyof Stream['transcode'] | 'autoCuts' | 'autoStart', name: string, on: boolean) =>
    change({
      key,
      name,
      body: key === 'autoCuts' || key === 'autoStart' ? { [key]: on } : { transcode: { [key]: on } },
      value: on,
    });

  return (
    <>
      <section className={layout.card} aria-labelledby="panel-settings-title">
        <div className={layout.pageHeader}>
          <h2 id="panel-settings-title" className={layout.cardTitle}>
            <Trans>Configurações</Trans>
          </h2>
          <Link to="/streaming/$liveId/edit" params={{ liveId: stream.id }} className={layout.link}>
            <Trans>Todas as configurações</Trans>
          </Link>
        </div>
        {ended ? (
          <p className={layout.muted} data-testid="panel-settings-ended">
            {endedHint}
          </p>
        ) : null}
        <div className={formStyles.switches}>
          <Switch
            name="transcode.enableDvr"
            label={t`DVR`}
            checked={shown('enableDvr', stream.transcode.enableDvr)}
            busy={saving === 'enableDvr'}
            disabled={ended}
            onCheckedChange={(on) => toggle('enableDvr', t`DVR`, on)}
          />
          <Switch
            name="transcode.enableLive2vod"
            label={t`Live para VOD`}
            checked={shown('enableLive2vod', stream.transcode.enableLive2vod)}
            busy={saving === 'enableLive2vod'}
            disabled={ended}
            onCheckedChange={(on) => toggle('enableLive2vod', t`Live para VOD`, on)}
          />
          <Switch
            name="transcode.enableAudioOnly"
            label={t`Somente áudio`}
            checked={shown('enableAudioOnly', stream.transcode.enableAudioOnly)}
            busy={saving === 'enableAudioOnly'}
            disabled={ended}
            onCheckedChange={(on) => toggle('enableAudioOnly', t`Somente áudio`, on)}
          />
          <Switch
            name="autoCuts"
            label={t`Cortes automáticos`}
            hint={t`Interrompe o sinal após 10 minutos sem conteúdo.`}
            checked={shown('autoCuts', stream.autoCuts)}
            busy={saving === 'autoCuts'}
            disabled={ended}
            onCheckedChange={(on) => toggle('autoCuts', t`Cortes automáticos`, on)}
          />
          <Switch
            name="autoStart"
            label={t`Início automático`}
            checked={shown('autoStart', stream.autoStart)}
            busy={saving === 'autoStart'}
            disabled={ended}
            onCheckedChange={(on) => toggle('autoStart', t`Início automático`, on)}
          />
        </div>
        <RadioGroup
          name="latency"
          legend={<Trans>Latência</Trans>}
          value={shown('latency', stream.latency)}
          disabled={started || saving === 'latency'}
          onChange={(latency) =>
            change({ key: 'latency', name: t`latência`, body: { latency }, value: latency })
          }
          options={[
            { value: 'default', label: t`Padrão` },
            { value: 'low', label: t`Baixa` },
            { value: 'ultraLow', label: t`Ultra baixa (beta)` },
          ]}
          hint={
            started ? (
              <Trans>A latência não pode ser alterada depois do início da transmissão.</Trans>
            ) : undefined
          }
        />
      </section>

      <section className={layout.card} aria-labelledby="panel-color-title">
        <h2 id="panel-color-title" className={layout.cardTitle}>
          <Trans>Cor do player</Trans>
        </h2>
        <ColorInput
          name="assets.playerColor"
          label={<Trans>Cor</Trans>}
          value={color}
          onChange={setColor}
          disabled={started}
          hint={
            started ? (
              <Trans>A cor do player não pode ser alterada depois do início da transmissão.</Trans>
            ) : undefined
          }
        />
        <Button
          variant="secondary"
          disabled={started || sameColor(color, stream.assets.playerColor)}
          busy={saving === 'playerColor'}
          onClick={() =>
            change({
              key: 'playerColor',
              name: t`cor do player`,
              body: { assets: { playerColor: color } },
              value: color,
              success: t`Cor aplicada com sucesso`,
            })
          }
        >
          <Trans>Aplicar cor</Trans>
        </Button>
      </section>

      <section className={layout.card} aria-labelledby="panel-type-title">
        <h2 id="panel-type-title" className={layout.cardTitle}>
          <Trans>Tipo de transmissão</Trans>
        </h2>
        <RadioGroup
          name="type"
          legend={<Trans>Como o sinal chega</Trans>}
          value={shown('type', stream.type)}
          disabled={ended || saving === 'type'}
          hint={endedHint}
          onChange={(type) =>
            change({
              key: 'type',
              name: t`tipo de transmissão`,
              body: { type },
              value: type,
              failure: t`Erro ao tentar alterar o tipo de transmissão`,
              success: t`Tipo de transmissão alterado`,
            })
          }
          options={[
            { value: 'encoder', label: t`Encoder` },
            { value: 'studio', label: t`Estúdio` },
          ]}
        />
      </section>
    </>
  );
}
