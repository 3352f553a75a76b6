import { NestFactory } from '@nestjs/core';
import { createLogger, loadConfig } from '@qrd/config';
import { QrServiceModule } from './app.module';

/** The feature modules' imports and exports give every provider what it needs (resolved without connecting anything). */
describe('QrServiceModule', () => {
  it('resolves every dependency of every module', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const app = await NestFactory.createApplicationContext(QrServiceModule.forRoot(config, createLogger('qr-service', 'silent')), {
      preview: true,
      abortOnError: false,
      logger: false,
    });
    await app.close();
  });
});
