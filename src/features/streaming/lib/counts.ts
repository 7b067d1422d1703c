import { msg, plural } from '@lingui/core/macro';

// Counts shown with a noun, as Lingui plurals. CLDR files 0 under 'one' in Portuguese (so a bare
// one/other pair gives "0 transmissão"), while the console writes zero with the plural: each message
// has an exact =0 form. English takes its forms from the en catalog (src/locales/en/streaming.json).

/** The library's footer: "1 transmissão", "12 transmissões". */
export const streamsTotal = (total: number) =>
  msg`${plural(total, { 0: '# transmissões', one: '# transmissão', other: '# transmissões' })}`;

/** The CSV batch notice. */
export const streamsCreated = (created: number) =>
  msg`${plural(created, { 0: '# transmissões criadas', one: '# transmissão criada', other: '# transmissões criadas' })}`;

/** The notice after the general settings were applied to the selection. */
export const streamsUpdated = (updated: number) =>
  msg`${plural(updated, { 0: '# transmissões atualizadas', one: '# transmissão atualizada', other: '# transmissões atualizadas' })}`;

/** The apply-settings confirmation. */
export const settingsApplyTo = (selected: number) =>
  msg`${plural(selected, {
    0: 'As configurações gerais da conta serão aplicadas às # transmissões selecionadas.',
    one: 'As configurações gerais da conta serão aplicadas a # transmissão selecionada.',
    other: 'As configurações gerais da conta serão aplicadas às # transmissões selecionadas.',
  })}`;

/** The control panel's audience: "1 espectador agora", "12 espectadores agora". */
export const viewersNow = (total: number) =>
  msg`${plural(total, { 0: '# espectadores agora', one: '# espectador agora', other: '# espectadores agora' })}`;
