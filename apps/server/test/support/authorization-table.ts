import { expect, it } from 'vitest';

/**
 * Table-driven authorisation matrices: one row per action (an HTTP route or a socket event),
 * one column per kind of person, each cell the outcome the rules intend. A cell is an HTTP
 * status (a socket refusal is written as the status of its error code), or a word for what a
 * person sees, such as 'receives' / 'nothing'.
 *
 * Every attempt gets a fresh fixture unless the row says it only reads, so one person's
 * success never changes what the next one meets.
 */
export type Outcome = number | string;

export interface MatrixRow<Role extends string, Fixture> {
  /** "GET /api/me/sessions", "socket sendMessage", ...: what the reviewer reads. */
  action: string;
  expected: Record<Role, Outcome>;
  /** The row reads only: one fixture serves every role. */
  readOnly?: boolean;
  /** A fixture of its own, when the row needs another starting state than the matrix's. */
  fixture?: () => Promise<Fixture>;
  attempt(fixture: Fixture, role: Role): Promise<Outcome>;
}

export interface Matrix<Role extends string, Fixture> {
  roles: readonly Role[];
  fixture(): Promise<Fixture>;
  rows: MatrixRow<Role, Fixture>[];
}

/** Builds the expected-outcome record from a row of the table, in the order of `roles`. */
export function outcomes<Role extends string>(
  roles: readonly Role[],
): (...cells: Outcome[]) => Record<Role, Outcome> {
  return (...cells) => {
    if (cells.length !== roles.length) throw new Error(`expected ${roles.length} cells, got ${cells.length}`);
    return Object.fromEntries(roles.map((role, n) => [role, cells[n]])) as Record<Role, Outcome>;
  };
}

/** One test per row; a failure shows the whole row, expected against what happened. */
export function testMatrix<Role extends string, Fixture>(matrix: Matrix<Role, Fixture>): void {
  for (const row of matrix.rows) {
    it(row.action, async () => {
      const got = {} as Record<Role, Outcome>;
      let shared: Fixture | undefined;
      const fresh = row.fixture ?? matrix.fixture;
      for (const role of matrix.roles) {
        const fixture = row.readOnly ? (shared ??= await fresh()) : await fresh();
        got[role] = await row.attempt(fixture, role);
      }
      expect(got).toEqual(row.expected);
    });
  }
}

/** The five people of the domain matrices (projects has its own six, see projects/). */
export const people = ['owner', 'counterpart', 'otherMember', 'admin', 'anonymous'] as const;
export type Person = (typeof people)[number];
export const expect5 = outcomes(people);
