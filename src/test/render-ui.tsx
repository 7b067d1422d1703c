import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import type { ReactNode } from 'react';
import { render } from 'vitest-browser-react';

// The component tests (`*.browser.test.tsx`, the `components` vitest project) render in a real
// browser. The texts are the pt-BR source messages the Lingui macros keep outside production builds.
i18n.loadAndActivate({ locale: 'pt-BR', messages: {} });

/** Renders `ui` inside the i18n provider the app's components expect. */
export function renderUi(ui: ReactNode) {
  return render(<I18nProvider i18n={i18n}>{ui}</I18nProvider>);
}
