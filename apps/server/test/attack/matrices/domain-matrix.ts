import type { Matrix, Person } from '../../support/authorization-table.ts';

/** A domain's authorisation table, with the people (and sockets) it sets up before its rows run. */
export interface DomainMatrix<Fixture> extends Matrix<Person, Fixture> {
  setUp(): Promise<void>;
  tearDown(): Promise<void>;
}
