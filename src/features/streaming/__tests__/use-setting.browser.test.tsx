import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { page } from 'vitest/browser';
import { RadioGroup } from '@/components/ui/radio-group';
import { renderUi } from '@/test/render-ui';
import { useSetting } from '../components/panel/use-setting';

type Kind = 'encoder' | 'studio';

function TypeChoice() {
  const { change, shown } = useSetting('live-1');
  return (
    <RadioGroup<Kind>
      name="type"
      legend="Tipo"
      options={[
        { value: 'encoder', label: 'Encoder' },
        { value: 'studio', label: 'Estúdio' },
      ]}
      value={shown<Kind>('type', 'encoder')}
      onChange={(type) => change({ key: 'type', name: 'Tipo', body: { type }, value: type })}
    />
  );
}

describe('a panel setting being saved (useSetting)', () => {
  it('the clicked radio is checked as soon as the click ends, before the server answers', async () => {
    const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
    await renderUi(
      <QueryClientProvider client={client}>
        <TypeChoice />
      </QueryClientProvider>,
    );
    const studio = page.getByRole('radio', { name: 'Estúdio' });
    await expect.element(studio).not.toBeChecked();
    // Read in the same task as the click: a value that only arrives on the next tick (as the
    // mutation's `isPending` does) leaves the radio unchecked here, which Playwright's `check()`
    // reports as "Clicking the checkbox did not change its state".
    const input = studio.element() as HTMLInputElement;
    input.click();
    expect(input.checked).toBe(true);
  });
});
