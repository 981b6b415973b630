import { anyCase, J, SEP, type KeyedRule, type KeywordTable } from '../keyed-scan';

// Identifiers that tie a person to a device or a call, named by their key: a phone's advertising
// identifier (Apple's IDFA and IDFV, Google's advertising ID), which analytics payloads and ad
// SDK logs carry (`"idfa": "6D92078A-…"`), and a video meeting's number as invitations print it
// (`Meeting ID: 845 1234 5678`), which lets anyone who reads it into the call. A UUID or a run of
// digits is everywhere in code, so only the key gives these away. A device's own id under its key
// (`device ID: DEV-999888777`, `Geräte-ID: 123e4567-…`) is read the same way.

const UUID = '[0-9A-Fa-f]{8}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{4}-[0-9A-Fa-f]{12}';

const advertisingId: KeyedRule = {
  kind: 'advertising_id',
  standalone: true,
  pattern: new RegExp(
    `(?:IDFA|IDFV|GAID|AAID|[iI]dfa|[iI]dfv|[gG]aid|${anyCase('advertising')}${J}(?:${anyCase('identifier')}|${anyCase('id')}))` +
      `${SEP}(?<value>${UUID})(?![\\w-])`,
    'y',
  ),
  // iOS reports all zeros when the user limits ad tracking: nobody's identifier.
  accept: (value) => !/^[0-]+$/.test(value),
};

const deviceId: KeyedRule = {
  kind: 'device_id',
  standalone: true,
  pattern: new RegExp(
    `(?:${anyCase('device')}|[gG]er(?:ä|ae)te?)${J}(?:${anyCase('identifier')}|${anyCase('id')})` +
      // Capitals and digits as serials are printed (`DEV-999888777`, `SN 4C2X91`), or a UUID.
      `${SEP}(?<value>${UUID}|[A-Z0-9](?:[A-Z0-9]|[-.](?=[A-Z0-9])){4,40})(?![\\w-]|\\.\\w)`,
    'y',
  ),
  // Five digits at least, not one repeated: `device_id: ANDROID` or `device id: 00000` is no device's.
  accept: (value) => {
    const digits = value.replace(/\D/g, '');
    return digits.length >= 5 && !/^(\d)\1+$/.test(digits) && !/^[0-]+$/.test(value);
  },
};

/** Zoom's 9 to 11 digits (`845 1234 5678`, `123 456 789`), Teams' 12 (`234 567 890 123`): grouped as printed, or run together. */
const MEETING_NUMBER = '(?<value>\\d{3}[ -]?\\d{3,4}[ -]?\\d{3,4}(?:[ -]?\\d{3})?)(?![\\w-]|\\.\\d)';

const meetingId: KeyedRule = {
  kind: 'meeting_id',
  standalone: true,
  pattern: new RegExp(
    `(?:(?:${anyCase('meeting')}|${anyCase('webinar')}|${anyCase('conference')})${J}(?:${anyCase('id')}|${anyCase('number')})` +
      `|${anyCase('meeting')} (?:at|bei(?: unter)?|unter))${SEP}${MEETING_NUMBER}`,
    'y',
  ),
  // A run of one digit is a placeholder (`Meeting ID: 000 000 000`).
  accept: (value) => !/^(\d)\1*$/.test(value.replace(/\D/g, '')),
};

/** The keywords of these, for the one keyword scan of personal data (pii-personal.ts). */
export const onlineIdKeywords: KeywordTable = [
  { words: ['idfa', 'idfv', 'gaid', 'aaid', 'advertising id', 'advertising identifier'], rule: advertisingId },
  { words: ['device id', 'device identifier', 'geräte id', 'gerät id', 'geraete id', 'geraet id'], rule: deviceId },
  {
    words: ['meeting id', 'meeting number', 'webinar id', 'webinar number', 'conference id', 'conference number', 'meeting at', 'meeting bei', 'meeting unter'],
    rule: meetingId,
  },
];
