import { describe, expect, it } from 'vitest';
import {
  addAccountDisabled,
  type CardState,
  chipEnabled,
  integrateDisabled,
  isDeauthorizedStatus,
  NOT_INTEGRATED,
  reauthorizeDisabled,
  switchDisabled,
  undoDisabled,
  type ZoomAccountState,
  zoomCardState,
  zoomUndoDisabled,
} from '../lib/state';

const integrated: CardState = { configured: true, integrated: true, deauthorized: false, importOn: true };
const deauthorized: CardState = { ...integrated, deauthorized: true };

const account = (over: Partial<ZoomAccountState> = {}): ZoomAccountState => ({
  zoomAccountId: 'zoom-1',
  activeImport: true,
  deauthorized: false,
  tokenExpiresIn: 3599,
  ...over,
});

describe('the import switch', () => {
  it('is disabled when not integrated or deauthorized, and while a change is saved', () => {
    expect(switchDisabled(NOT_INTEGRATED)).toBe(true);
    expect(switchDisabled(deauthorized)).toBe(true);
    expect(switchDisabled(integrated)).toBe(false);
    expect(switchDisabled(integrated, true)).toBe(true);
  });

  it('shows HABILITADO only while on and usable', () => {
    expect(chipEnabled(integrated)).toBe(true);
    expect(chipEnabled({ ...integrated, importOn: false })).toBe(false);
    expect(chipEnabled(deauthorized)).toBe(false);
    expect(chipEnabled({ ...NOT_INTEGRATED, importOn: true })).toBe(false);
  });
});

describe("'Integração' and 'Desfazer Integração'", () => {
  it("'Integração' is disabled when integrated, enabled again when deauthorized (reauthorise)", () => {
    expect(integrateDisabled(NOT_INTEGRATED)).toBe(false);
    expect(integrateDisabled(integrated)).toBe(true);
    expect(integrateDisabled(deauthorized)).toBe(false);
  });

  it("'Integração' is disabled when the server lacks the provider's credentials", () => {
    expect(integrateDisabled({ ...NOT_INTEGRATED, configured: false })).toBe(true);
  });

  it('undo needs something integrated', () => {
    expect(undoDisabled(NOT_INTEGRATED)).toBe(true);
    expect(undoDisabled(integrated)).toBe(false);
    expect(undoDisabled(integrated, true)).toBe(true);
  });
});

describe('Zoom', () => {
  it('is integrated with any account and in its reauthorise state when any is deauthorized', () => {
    expect(zoomCardState([], true)).toEqual(NOT_INTEGRATED);
    const state = zoomCardState([account(), account({ zoomAccountId: 'z2', deauthorized: true })], true);
    expect(state.integrated).toBe(true);
    expect(state.deauthorized).toBe(true);
    expect(integrateDisabled(state)).toBe(false);
    expect(switchDisabled(state)).toBe(true);
  });

  it('a row reauthorises only when deauthorized, and not while loading', () => {
    expect(reauthorizeDisabled(account(), false)).toBe(true);
    expect(reauthorizeDisabled(account({ deauthorized: true }), false)).toBe(false);
    expect(reauthorizeDisabled(account({ deauthorized: true }), true)).toBe(true);
  });

  it('undo is disabled while loading, when deauthorized or when the token has expired', () => {
    expect(zoomUndoDisabled(account(), false)).toBe(false);
    expect(zoomUndoDisabled(account(), true)).toBe(true);
    expect(zoomUndoDisabled(account({ deauthorized: true }), false)).toBe(true);
    expect(zoomUndoDisabled(account({ tokenExpiresIn: 0 }), false)).toBe(true);
  });

  it('the add button is disabled at 20 accounts and while loading', () => {
    expect(addAccountDisabled(19, false)).toBe(false);
    expect(addAccountDisabled(20, false)).toBe(true);
    expect(addAccountDisabled(3, true)).toBe(true);
    expect(addAccountDisabled(0, false, false)).toBe(true);
  });
});

describe('a status query answering 404', () => {
  it('means deauthorized; other failures do not', () => {
    expect(isDeauthorizedStatus({ status: 404 })).toBe(true);
    expect(isDeauthorizedStatus({ status: 500 })).toBe(false);
    expect(isDeauthorizedStatus(new Error('offline'))).toBe(false);
  });
});
