import { ArgumentsHost, Catch, Controller, RpcExceptionFilter, UseFilters, applyDecorators } from '@nestjs/common';
import { Observable, throwError } from 'rxjs';

/**
 * Nest turns any error thrown by a message handler into a generic "Internal server error".
 * This filter hands the original error to our transport, which sends DomainErrors back as
 * {code, message} and logs anything else.
 */
@Catch()
export class PassThroughRpcFilter implements RpcExceptionFilter<unknown> {
  catch(exception: unknown, _host: ArgumentsHost): Observable<never> {
    return throwError(() => exception);
  }
}

/** A controller of message and event handlers. */
export function MessageController(): ClassDecorator {
  return applyDecorators(Controller(), UseFilters(PassThroughRpcFilter));
}
