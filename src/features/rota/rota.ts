import type { RouterContextProvider } from 'react-router';
import { z } from 'zod';
import { requireAdmin } from '~/platform/admin/context';
import { chosenEdition } from '~/platform/admin/edition';
import { ukWallTime } from '~/platform/content/fields';
import { endpoint } from '~/platform/http/api';

/**
 * The volunteer rota of an edition (issue 47): tasks named in both languages, their time
 * slots with the number of helpers each needs, and who helps in each (a registration of the
 * edition). The organisers build it and place helpers on `/admin/rota`; "prepare next year"
 * copies the tasks to the new dates (rota.server.ts, a follower of the event facts).
 */
export const ROTA_ENDPOINTS = {
  /** POST { edition, titleLt, titleEn, start, end, helpers }: a task with its first slot. */
  tasks: endpoint('/api/admin/rota/tasks'),
  /** DELETE: a task with its slots and helpers. */
  task: endpoint('/api/admin/rota/tasks/:id'),
  /** POST { taskId, start, end, helpers }: another slot of a task. */
  slots: endpoint('/api/admin/rota/slots'),
  /** DELETE: a slot with its helpers. */
  slot: endpoint('/api/admin/rota/slots/:id'),
  /** POST { slotId, registrationId }: a helper placed (409 full, or there already). */
  helpers: endpoint('/api/admin/rota/helpers'),
  /** PUT { slotId }: moved to another slot (409 full); DELETE: taken off. */
  helper: endpoint('/api/admin/rota/helpers/:id'),
  /** GET ?edition=&lang=: the rota as CSV (names and phones: personal data). */
  csv: endpoint('/api/admin/rota.csv'),
};

export const rotaPath = (template: string, id: string) => template.replace(':id', id);

const helpersNeeded = z
  .number({ error: 'admin:rota.errors.helpers' })
  .int('admin:rota.errors.helpers')
  .min(1, 'admin:rota.errors.helpers')
  .max(50, 'admin:rota.errors.helpers');

const slotFields = { start: ukWallTime, end: ukWallTime, helpers: helpersNeeded };

/** A slot ends after it starts (both UK wall-clock times of the same form). */
const endsAfterStart = (slot: { start: string; end: string }) => slot.end > slot.start;
const endError = { message: 'admin:rota.errors.endBeforeStart', path: ['end'] };

const title = z.string().trim().min(2, 'admin:rota.errors.title').max(80, 'admin:rota.errors.title');

export const newTaskSchema = z
  .strictObject({ edition: z.number().int().min(1), titleLt: title, titleEn: title, ...slotFields })
  .refine(endsAfterStart, endError);

export const newSlotSchema = z
  .strictObject({ taskId: z.uuid(), ...slotFields })
  .refine(endsAfterStart, endError);

export const placeHelperSchema = z.strictObject({ slotId: z.uuid(), registrationId: z.uuid() });
export const moveHelperSchema = z.strictObject({ slotId: z.uuid() });

interface RotaHelper {
  id: string;
  registrationId: string;
  name: string;
  phone: string;
  addedBy: 'organiser' | 'participant';
}

export interface RotaSlot {
  id: string;
  /** ISO instants. */
  start: string;
  end: string;
  helpers: number;
  placed: RotaHelper[];
}

export interface RotaTask {
  id: string;
  titleLt: string;
  titleEn: string;
  slots: RotaSlot[];
}

/** What the rota page shows for an edition (AdminSectionServer.page of the rota). */
export interface RotaPage {
  /** The edition's number; null for "no edition" (no rota there). */
  edition: number | null;
  tasks: RotaTask[];
  /** Who can be placed: the edition's registrations (new or confirmed), by name. */
  people: Array<{ id: string; name: string }>;
}

/** The rota page's loader (decision 0052): the edition in the address, its rota. */
export async function loadRota(context: Readonly<RouterContextProvider>, request: Request) {
  const { admin, reads } = requireAdmin(context);
  const choices = await reads.editions();
  const params = new URL(request.url).searchParams;
  const edition = chosenEdition(choices, params);
  const rota = (await reads.page('rota', new URLSearchParams({ edition }))) as RotaPage;
  return { admin, choices, edition, rota };
}

export type RotaData = Awaited<ReturnType<typeof loadRota>>;
