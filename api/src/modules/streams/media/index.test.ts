import { describe, expect, it } from 'vitest';
import { readStreamMediaConfig } from '../../../config';
import { createStreamMedia } from './index';

describe('createStreamMedia', () => {
  it('picks the embedded SFU unless LiveKit is configured', async () => {
    const embedded = createStreamMedia({ streamMedia: readStreamMediaConfig({}, false) });
    expect(embedded.provider).toBe('embedded');
    await expect(embedded.clientConfig(1, { role: 'viewer', identity: 'v', name: 'v' })).resolves.toEqual({
      provider: 'embedded',
      iceServers: [],
    });
    await embedded.close();

    const livekit = createStreamMedia({
      streamMedia: readStreamMediaConfig(
        { LIVEKIT_URL: 'ws://127.0.0.1:7880', LIVEKIT_API_KEY: 'k', LIVEKIT_API_SECRET: 's'.repeat(32) },
        false,
      ),
    });
    expect(livekit.provider).toBe('livekit');
    expect(livekit.watch(1, 'v', () => {})).toBeNull();
    await livekit.close();
  });
});
