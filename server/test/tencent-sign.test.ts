import { describe, expect, it } from 'vitest';
import { parseTc3Authorization, tc3Sign } from '../src/integrations/tencent-sign.ts';

/*
 * The worked example of Tencent Cloud's "Signature v3" documentation (CVM DescribeInstances in
 * ap-guangzhou, timestamp 1551113065, the documentation's example SecretKey): every intermediate value
 * the documentation prints is checked, then the signature it gives.
 */
describe('TC3-HMAC-SHA256', () => {
  const example = {
    secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
    secretKey: 'Gu5t9xGARNpq86cd98joQYCN3EXAMPLE',
    service: 'cvm',
    host: 'cvm.tencentcloudapi.com',
    timestamp: 1551113065,
    payload: '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}',
  };

  it('matches the documentation’s known vector', () => {
    const signed = tc3Sign(example);
    expect(signed.canonicalRequest).toBe(
      [
        'POST',
        '/',
        '',
        'content-type:application/json; charset=utf-8',
        'host:cvm.tencentcloudapi.com',
        '',
        'content-type;host',
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
      ].join('\n'),
    );
    expect(signed.stringToSign).toBe(
      [
        'TC3-HMAC-SHA256',
        '1551113065',
        '2019-02-25/cvm/tc3_request',
        '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
      ].join('\n'),
    );
    expect(signed.signature).toBe('72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168');
    expect(signed.authorization).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, ' +
        'Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
  });

  it('uses the UTC date of the timestamp in the scope (00:44 in UTC+8 is still the 25th)', () => {
    expect(tc3Sign(example).stringToSign.split('\n')[2]).toBe('2019-02-25/cvm/tc3_request');
    expect(tc3Sign({ ...example, timestamp: 1551113065 + 24 * 3600 }).stringToSign).toContain('2019-02-26/');
  });

  it('signs the action header when given, and another key gives another signature', () => {
    const withAction = tc3Sign({ ...example, action: 'DescribeInstances' });
    expect(withAction.authorization).toContain('SignedHeaders=content-type;host;x-tc-action,');
    expect(withAction.canonicalRequest).toContain('x-tc-action:describeinstances\n');
    expect(tc3Sign({ ...example, secretKey: 'another' }).signature).not.toBe(tc3Sign(example).signature);
  });

  it('parses an Authorization header back, and refuses anything else', () => {
    expect(parseTc3Authorization(tc3Sign(example).authorization)).toEqual({
      secretId: example.secretId,
      date: '2019-02-25',
      service: 'cvm',
      signedHeaders: ['content-type', 'host'],
      signature: '72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    });
    expect(parseTc3Authorization('Bearer abc')).toBeNull();
  });
});
