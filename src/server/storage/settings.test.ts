import { describe, expect, it } from 'vitest';
import { readStorageSettings } from './settings.ts';

const base = {
  STORAGE_S3_BUCKET: 'arena-1250000000',
  STORAGE_S3_ENDPOINT: 'https://cos.ap-guangzhou.myqcloud.com',
  STORAGE_S3_REGION: 'ap-guangzhou',
  STORAGE_S3_ACCESS_KEY_ID: 'AKIDexample',
  STORAGE_S3_SECRET_ACCESS_KEY: 'secret-value-never-shown',
};

describe('storage settings', () => {
  it('keep the data folder when no bucket is named', () => {
    expect(readStorageSettings({})).toEqual({ driver: 'local' });
    expect(readStorageSettings({ STORAGE_S3_BUCKET: '  ' })).toEqual({ driver: 'local' });
  });

  it('put the bucket in the host name by default, or in the path when asked', () => {
    expect(readStorageSettings(base)).toMatchObject({
      driver: 's3',
      endpoint: 'https://cos.ap-guangzhou.myqcloud.com',
      publicUrl: 'https://arena-1250000000.cos.ap-guangzhou.myqcloud.com',
      pathStyle: false,
    });
    const local = readStorageSettings({
      ...base,
      STORAGE_S3_ENDPOINT: 'http://127.0.0.1:7480',
      STORAGE_S3_PATH_STYLE: '1',
    });
    expect(local).toMatchObject({ publicUrl: 'http://127.0.0.1:7480/arena-1250000000' });
    const cdn = readStorageSettings({ ...base, STORAGE_PUBLIC_URL: 'https://img.example.com/a/' });
    expect(cdn).toMatchObject({ publicUrl: 'https://img.example.com/a' });
  });

  it('refuse bad values by the variable name, never quoting the secret', () => {
    const bad: Record<string, string>[] = [
      { STORAGE_S3_ENDPOINT: 'ftp://cos.example.com' },
      { STORAGE_S3_ENDPOINT: 'https://user:pass@cos.example.com' },
      { STORAGE_S3_ENDPOINT: 'https://cos.example.com/path' },
      { STORAGE_S3_ENDPOINT: '' },
      { STORAGE_S3_BUCKET: 'Bad_Bucket' },
      { STORAGE_S3_REGION: 'ap guangzhou' },
      { STORAGE_S3_ACCESS_KEY_ID: '' },
      { STORAGE_S3_SECRET_ACCESS_KEY: '' },
      { STORAGE_PUBLIC_URL: 'javascript:alert(1)' },
    ];
    for (const change of bad) {
      const read = () => readStorageSettings({ ...base, ...change });
      expect(read, JSON.stringify(change)).toThrow(/STORAGE_/);
      try {
        read();
      } catch (err) {
        expect(String(err)).not.toContain('secret-value-never-shown');
      }
    }
  });
});
