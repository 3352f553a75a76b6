import { Injectable } from '@nestjs/common';
import type { OpenAPIObject } from '@nestjs/swagger';
import { DomainError, ErrorCode } from '@qrd/contracts';

/** Holds the document built once at start (gateway.app.ts), after every route is known. */
@Injectable()
export class OpenApiDocument {
  private document: OpenAPIObject | null = null;

  set(document: OpenAPIObject): void {
    this.document = document;
  }

  get(): OpenAPIObject {
    if (!this.document) throw new DomainError(ErrorCode.Unavailable, 'The API description is not ready yet');
    return this.document;
  }
}
