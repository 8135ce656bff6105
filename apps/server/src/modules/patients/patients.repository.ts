import { and, count, desc, eq, ne } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { memberDefaultOf } from '../../platform/member-default.ts';
import { type NewPatientRow, patientDataReads, patients } from './patients.schema.ts';

export type PatientChanges = Omit<Partial<NewPatientRow>, 'id' | 'memberId' | 'createdAt'>;

/** One default patient per member (platform/member-default.ts). */
export const patientDefault = memberDefaultOf(patients, {
  id: patients.id,
  memberId: patients.memberId,
  isDefault: patients.isDefault,
  createdAt: patients.createdAt,
  updatedAt: patients.updatedAt,
});

const newestFirst = [desc(patients.createdAt), desc(patients.id)];

/** Default first, then newest first. */
export async function listMemberPatients(db: Executor, memberId: number) {
  return db
    .select()
    .from(patients)
    .where(eq(patients.memberId, memberId))
    .orderBy(desc(patients.isDefault), ...newestFirst);
}

export async function findMemberPatient(db: Executor, memberId: number, id: number) {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.id, id), eq(patients.memberId, memberId)));
  return row;
}

export async function findMemberDefaultPatient(db: Executor, memberId: number) {
  const [row] = await db
    .select()
    .from(patients)
    .where(and(eq(patients.memberId, memberId), eq(patients.isDefault, true)))
    .orderBy(...newestFirst)
    .limit(1);
  return row;
}

export async function countMemberPatients(db: Executor, memberId: number) {
  const [row] = await db.select({ value: count() }).from(patients).where(eq(patients.memberId, memberId));
  return row.value;
}

/** Another patient of this member with the same certificate (by its keyed hash); `exceptId` is the one edited. */
export async function findMemberPatientByCertificate(
  db: Executor,
  memberId: number,
  certificateNumberHash: string,
  exceptId?: number,
) {
  const [row] = await db
    .select({ id: patients.id })
    .from(patients)
    .where(
      and(
        eq(patients.memberId, memberId),
        eq(patients.certificateNumberHash, certificateNumberHash),
        exceptId === undefined ? undefined : ne(patients.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function insertPatient(db: Executor, row: NewPatientRow) {
  const [created] = await db.insert(patients).values(row).returning();
  return created;
}

export async function updateMemberPatient(db: Executor, memberId: number, id: number, changes: PatientChanges) {
  const [row] = await db
    .update(patients)
    .set(changes)
    .where(and(eq(patients.id, id), eq(patients.memberId, memberId)))
    .returning();
  return row;
}

export async function deleteMemberPatient(db: Executor, memberId: number, id: number) {
  const [row] = await db
    .delete(patients)
    .where(and(eq(patients.id, id), eq(patients.memberId, memberId)))
    .returning();
  return row;
}

export async function insertPatientDataRead(db: Executor, row: typeof patientDataReads.$inferInsert) {
  await db.insert(patientDataReads).values(row);
}
