/** What a zone that is not an IANA time zone gets told (campaign time windows, the weekly report). */
export const UNKNOWN_TIME_ZONE = 'Choose a known time zone, such as Europe/Berlin';
