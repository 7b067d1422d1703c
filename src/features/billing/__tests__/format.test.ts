import { describe, expect, it } from 'vitest';
import { dayLabels } from '../components/labels';
import { formatBytes, quotaPercent, statementCsv, usageCsv } from '../format';

const labels = {
  header: ['mês', 'item', 'usado', 'incluído', 'excedente', 'preço unitário', 'valor (BRL)'] as [
    string,
    string,
    string,
    string,
    string,
    string,
    string,
  ],
  metric: {
    storage: 'Armazenamento (GB-mês)',
    encoded: 'Minutos codificados',
    live: 'Minutos ao vivo',
    delivered: 'Minutos entregues',
  },
  total: 'Total',
};

describe('statementCsv', () => {
  it('writes one row per line item and the total, quoting what needs it', () => {
    const csv = statementCsv(
      {
        month: '2026-10',
        total: 14.5,
        items: [
          { metric: 'encoded', quantity: 30, included: 1, billable: 29, unitPrice: 0.5, amount: 14.5 },
          { metric: 'live', quantity: 2.5, included: 100, billable: 0, unitPrice: 0.01, amount: 0 },
        ],
      },
      { ...labels, total: 'Total, "geral"' },
    );
    expect(csv.split('\r\n')).toEqual([
      'mês,item,usado,incluído,excedente,preço unitário,valor (BRL)',
      '2026-10,Minutos codificados,30,1,29,0.5,14.50',
      '2026-10,Minutos ao vivo,2.5,100,0,0.01,0.00',
      '2026-10,"Total, ""geral""",,,,,14.50',
      '',
    ]);
  });
});

describe('quotaPercent and formatBytes', () => {
  it('measures use against the quota, and bytes in decimal units', () => {
    expect(quotaPercent(50, 200)).toBe(25);
    expect(quotaPercent(0, 0)).toBe(0);
    expect(quotaPercent(1, 0)).toBe(100);
    expect(formatBytes(999, 'en')).toBe('999 B');
    expect(formatBytes(1_500_000, 'en')).toBe('1.5 MB');
    expect(formatBytes(2_000_000_000, 'pt-BR')).toBe('2 GB');
  });
});

describe('usageCsv', () => {
  it('writes the header and one row per day', () => {
    const day = { storageGbMonths: 0.0012, encodedMinutes: 0.2667, liveMinutes: 0, deliveredMinutes: 0.0667 };
    expect(
      usageCsv(
        [
          { day: '2026-11-01', ...day },
          { day: '2026-11-02', ...day, encodedMinutes: 0 },
        ],
        ['dia', 'a', 'b', 'c', 'd'],
      ),
    ).toBe('dia,a,b,c,d\r\n2026-11-01,0.0012,0.2667,0,0.0667\r\n2026-11-02,0.0012,0,0,0.0667\r\n');
  });
});

describe('the charts’ day labels', () => {
  it('follow the reader’s locale, not uPlot’s US month/day', () => {
    const nov3 = Date.parse('2026-11-03T12:00:00Z') / 1000;
    expect(dayLabels('pt-BR', [nov3])).toEqual(['03/11']);
    expect(dayLabels('en', [nov3])).toEqual(['11/03']);
  });
});
