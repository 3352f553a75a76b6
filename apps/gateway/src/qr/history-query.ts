import { DomainError, ErrorCode, HistoryPageRequest, HistoryQuery, historyPageRequest } from '@qrd/contracts';

/** The query of a history page, or a 400 naming the parameter that is wrong. */
export function historyRequest(query: HistoryQuery): HistoryPageRequest {
  const result = historyPageRequest(query);
  if ('message' in result) throw new DomainError(ErrorCode.Validation, result.message, { [result.field]: result.message });
  return result.request;
}
