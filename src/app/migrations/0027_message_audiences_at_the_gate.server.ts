import type { Migration } from 'kysely';
import { runStatements } from './run-statements.server';

// Messages to those who arrived at the gate and to those registered who did not (issue 48):
// two more audiences, the registrations' groups of the same names (platform/event/participants.ts).
// Only the check on the column widens; every stored message keeps its audience.
const up = [
  `alter table participant_messages
     drop constraint participant_messages_audience_check,
     add constraint participant_messages_audience_check
       check (audience in ('confirmed', 'registered', 'waiting', 'camping', 'arrived', 'notArrived'))`,
];

export const messageAudiencesAtTheGate: Migration = {
  up: (db) => runStatements(db, up),
};
