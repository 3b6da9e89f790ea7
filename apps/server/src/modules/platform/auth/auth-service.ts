import type { User } from '@wms/contract/entities';
import { VALIDATION } from '@wms/contract/messages';
import type { LoginInput, RegisterInput } from '@wms/contract/validation';
import { hashPassword, verifyPassword } from '../../../auth/passwords';
import { issueToken, type TokenPolicy } from '../../../auth/tokens';
import type { Database } from '../../../db/client';
import { refuseDuplicate } from '../../../http/database-errors';
import { fieldError } from '../../../http/errors';
import { activeWarehouseIdsAmong } from '../../catalogue/warehouses/warehouses-api';
import { recordEvent, userEventScope } from '../activity/activity-api';
import { findUserForSignIn, insertRegisteredUser, loadOwnUserView } from '../users/users-api';

export interface Session {
  user: User;
  token: string;
}

export async function login(db: Database, policy: TokenPolicy, input: LoginInput): Promise<Session> {
  const found = await findUserForSignIn(db, input.email);
  // Same message and same work whether the email is unknown or the password wrong.
  const passwordMatches = await verifyPassword(found?.passwordHash, input.password);
  if (!found || !passwordMatches) throw fieldError('email', VALIDATION.invalidCredentials);
  const token = await issueToken(db, found.id, policy);
  return { user: (await loadOwnUserView(db, found.id))!, token };
}

/** Self-registration creates a client user linked to the chosen active warehouses. */
export async function register(db: Database, policy: TokenPolicy, input: RegisterInput): Promise<Session> {
  const warehouseIds = [...new Set(input.warehouse_ids)];
  const active = await activeWarehouseIdsAmong(db, warehouseIds);
  if (active.length !== warehouseIds.length) throw fieldError('warehouse_ids', VALIDATION.warehouseInvalid);
  if (await findUserForSignIn(db, input.email)) throw fieldError('email', VALIDATION.emailTaken);

  const passwordHash = await hashPassword(input.password);
  // Two registrations of one email at once both pass the check above; the unique index refuses the second.
  const userId = await refuseDuplicate(
    () =>
      db.transaction(async (tx) => {
        const id = await insertRegisteredUser(tx, {
          name: input.name,
          email: input.email.toLowerCase(),
          passwordHash,
          role: 'client',
          warehouseIds,
        });
        await recordEvent(tx, {
          kind: 'user.registered',
          payload: { name: input.name },
          actorId: id,
          subject: { type: 'user', id },
          ...(await userEventScope(tx, id)),
        });
        return id;
      }),
    'email',
    VALIDATION.emailTaken,
  );
  const token = await issueToken(db, userId, policy);
  return { user: (await loadOwnUserView(db, userId))!, token };
}
