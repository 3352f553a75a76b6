import type { INestApplication } from '@nestjs/common';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { describeApiConventions } from './openapi-conventions';
import { withJsonSchemaNulls } from './openapi-nulls';
import { PublicApiModule } from './public-api.module';
import { V1_CONTENT_MODELS } from './v1-content-schemas';
import { V1Problem, V1Takedown } from './v1-schemas';

/**
 * The OpenAPI 3.1 document of /api/v1, generated from its controllers and DTOs. Its one server is
 * "/": the API lives on the same origin as the document, whatever host an operator serves it from.
 */
export function buildOpenApiDocument(app: INestApplication): OpenAPIObject {
  const config = new DocumentBuilder()
    .setOpenAPIVersion('3.1.0')
    .setTitle('QR Dynamic API')
    .setVersion('1')
    .setDescription(
      'Create and manage dynamic QR codes, fetch their images, analytics and scans. ' +
        'Authenticate with an API key from your account: `Authorization: Bearer qrd_live_...`. ' +
        'Errors are RFC 9457 problem details (`application/problem+json`).',
    )
    .addServer('/', 'The origin this document is served from')
    .addBearerAuth({ type: 'http', scheme: 'bearer', bearerFormat: 'qrd_live_ API key', description: 'An API key from Account > API keys (qrd_live_...)' })
    .build();
  const document = SwaggerModule.createDocument(app, config, { include: [PublicApiModule], extraModels: [V1Problem, V1Takedown, ...V1_CONTENT_MODELS] });
  describeApiConventions(document);
  return withJsonSchemaNulls(document);
}
