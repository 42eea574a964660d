/**
 * The rules of who a user is (000 §2–§8): registration, sign-in, profile, password, deletion and
 * export. Routes hand in validated payloads; this decides, and writes in transactions.
 */

import {
  ACCOUNT_MESSAGES,
  EXPORT_FORMAT,
  EXPORT_VERSION,
  type LoginInput,
  type PasswordChangeInput,
  type ProfileInput,
  type User,
} from '@contract/accounts';
import { readTheme, type Theme } from '@contract/appearance';
import { backupFilePath, type ExportDocument } from '@contract/backup';
import type { DashboardLayout } from '@contract/dashboard';
import type { registerSchema } from '@contract/schemas/accounts';
import { normalizeDashboardLayout } from '@contract/schemas/dashboard';
import type { Preferences } from '@contract/units';
import { fileUrl } from '@contract/uploads';
import type { z } from 'zod';
import { AppError, badRequest, conflict, unauthorized } from '../../app-error';
import { isUniqueViolation } from '../../db/errors';
import type { Db, Executor } from '../../db/open';
import {
  deleteUser,
  type ExportScope,
  findUserByEmail,
  findUserById,
  findUsernamesStartingWith,
  insertUser,
  type NewUserRow,
  readUserData,
  type UserRow,
  updateUser,
} from './accounts.repository';
import { hashPassword, verifyPassword } from './passwords';
import { readPreferences, toPreferences } from './preferences.service';
import type { SessionUser } from './sessions.repository';
import type { SessionsService } from './sessions.service';
import type { SignInLimitsService } from './sign-in-limits.service';
import { firstFreeUsername, usernameBase } from './usernames';

type RegisterPayload = z.output<typeof registerSchema>;

/** The response schema (userSchema) is the presenter; this shapes the row for it. */
export function toUser(row: Omit<SessionUser, 'dataVersion' | 'timeZone'>): User {
  return {
    id: row.id,
    username: row.username,
    email: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    profileImageUrl: row.profileImageUrl,
    authType: row.authType === 'local' ? 'local' : 'oidc',
    createdAt: row.createdAt.toISOString(),
    lastLoginAt: row.lastLoginAt?.toISOString() ?? null,
    dashboardLayout: normalizeDashboardLayout(row.dashboardLayout),
    theme: readTheme(row.theme),
    hasArrangedDashboard: row.dashboardLayout !== null && row.dashboardLayout !== undefined,
  };
}

const USERNAME_ATTEMPTS = 5;

/**
 * Inserts a user under a D35 username. A concurrent sign-up may take the same name between the
 * read and the insert; then the next free one is tried.
 */
export async function insertUserWithUsername(
  db: Db,
  values: Omit<NewUserRow, 'username'>,
  preferredUsername: string | undefined,
  afterInsert: (tx: Executor, user: UserRow) => Promise<void>,
): Promise<UserRow> {
  const base = usernameBase(preferredUsername, values.email);
  for (let attempt = 1; ; attempt++) {
    try {
      return await db.transaction(async (tx) => {
        const username = firstFreeUsername(base, await findUsernamesStartingWith(tx, base));
        const user = await insertUser(tx, { ...values, username });
        await afterInsert(tx, user);
        return user;
      });
    } catch (error) {
      if (isUniqueViolation(error, 'users_username_key') && attempt < USERNAME_ATTEMPTS) continue;
      if (isUniqueViolation(error, 'users_email_lower_key')) {
        throw conflict(ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
      }
      throw error;
    }
  }
}

/** A stored `numeric` (money, an odometer, a quantity) as the export's number. */
function numericToNumber(value: string | null) {
  return value === null ? null : Number(value);
}

/** A row's moment of creation as the export writes every moment: ISO 8601 in UTC. */
const withIsoAddedAt = <Row extends { addedAt: Date }>(row: Row) => ({
  ...row,
  addedAt: row.addedAt.toISOString(),
});

const recordWithNumbers = <
  Row extends {
    cost: string | null;
    odometer: string | null;
    completedAt: Date | null;
    addedAt: Date;
  },
>(
  row: Row,
) => ({
  ...row,
  cost: numericToNumber(row.cost),
  odometer: numericToNumber(row.odometer),
  completedAt: row.completedAt?.toISOString() ?? null,
  addedAt: row.addedAt.toISOString(),
});

export function createAccountsService({
  db,
  sessions,
  limits,
}: {
  db: Db;
  sessions: SessionsService;
  limits: SignInLimitsService;
}) {
  async function requireUser(userId: number): Promise<UserRow> {
    const user = await findUserById(db, userId);
    if (!user) throw unauthorized();
    return user;
  }

  /** Changes the signed-in user's own row and answers the user as it now is. */
  async function saveUser(userId: number, values: Parameters<typeof updateUser>[2]): Promise<User> {
    const updated = await updateUser(db, userId, values);
    if (!updated) throw unauthorized();
    return toUser(updated);
  }

  return {
    async register(input: RegisterPayload, client: { ip: string; userAgent?: string }) {
      await limits.countAttempt(client.ip);
      const email = input.email.toLowerCase();
      if (await findUserByEmail(db, email)) {
        throw conflict(ACCOUNT_MESSAGES.emailTaken, { email: ACCOUNT_MESSAGES.emailTaken });
      }
      const passwordHash = await hashPassword(input.password);
      let token = '';
      const user = await insertUserWithUsername(
        db,
        {
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          passwordHash,
          authType: 'local',
          lastLoginAt: new Date(),
          // Decision 066: the zone the browser proposed, else the default (UTC).
          ...(input.timeZone === undefined ? {} : { timeZone: input.timeZone }),
        },
        undefined,
        async (tx, created) => {
          token = await sessions.startSession(tx, created.id, client);
        },
      );
      return { user: toUser(user), token };
    },

    async login(input: LoginInput, client: { ip: string; userAgent?: string }) {
      await limits.countAttempt(client.ip);
      const email = input.email.toLowerCase();
      await limits.countSignInTry(email, client.ip);
      const user = await findUserByEmail(db, email);
      const isValid = await verifyPassword(user?.passwordHash, input.password);
      if (!user || !isValid) throw new AppError(401, ACCOUNT_MESSAGES.invalidCredentials);
      await limits.clearSignInTries(email);
      const token = await db.transaction(async (tx) => {
        await updateUser(tx, user.id, { lastLoginAt: new Date() });
        return sessions.startSession(tx, user.id, client);
      });
      return { user: toUser({ ...user, lastLoginAt: new Date() }), token };
    },

    async updateProfile(userId: number, input: ProfileInput): Promise<User> {
      await requireUser(userId);
      const email = input.email.toLowerCase();
      const owner = await findUserByEmail(db, email);
      if (owner && owner.id !== userId) {
        throw conflict(ACCOUNT_MESSAGES.emailInUse, { email: ACCOUNT_MESSAGES.emailInUse });
      }
      try {
        // A name left out is undefined, which the update leaves as it is.
        return await saveUser(userId, {
          email,
          firstName: input.firstName,
          lastName: input.lastName,
        });
      } catch (error) {
        if (isUniqueViolation(error, 'users_email_lower_key')) {
          throw conflict(ACCOUNT_MESSAGES.emailInUse, { email: ACCOUNT_MESSAGES.emailInUse });
        }
        throw error;
      }
    },

    /** D38: the dashboard's sections as the user arranged them, kept for every device. */
    async updateDashboardLayout(userId: number, sections: DashboardLayout): Promise<User> {
      return saveUser(userId, { dashboardLayout: sections });
    },

    /** Decision 035: light, dark or the system's, the same on every device. */
    async updateTheme(userId: number, theme: Theme): Promise<User> {
      return saveUser(userId, { theme });
    },

    /** `GET /api/user/preferences` (decision 050): units, currency and theme. */
    async getPreferences(userId: number): Promise<Preferences> {
      return readPreferences(db, userId);
    },

    /**
     * `PATCH /api/user/preferences`: a field left out stays as it is. Amounts already stored stay
     * as entered: a change of currency names them, it does not convert them.
     */
    async updatePreferences(userId: number, changes: Partial<Preferences>): Promise<Preferences> {
      const updated = await updateUser(db, userId, changes);
      if (!updated) throw unauthorized();
      return toPreferences(updated);
    },

    /** D5: a new password ends every other session of the user. D8 limits the guesses. */
    async changePassword(userId: number, currentSid: string, input: PasswordChangeInput) {
      const user = await requireUser(userId);
      if (user.authType !== 'local' || !user.passwordHash) {
        throw badRequest(ACCOUNT_MESSAGES.externallyManaged);
      }
      await limits.countPasswordChangeTry(userId);
      if (!(await verifyPassword(user.passwordHash, input.currentPassword))) {
        throw badRequest(ACCOUNT_MESSAGES.wrongCurrentPassword, {
          currentPassword: ACCOUNT_MESSAGES.wrongCurrentPassword,
        });
      }
      await limits.clearPasswordChangeTries(userId);
      const passwordHash = await hashPassword(input.newPassword);
      await db.transaction(async (tx) => {
        await updateUser(tx, userId, { passwordHash });
        await sessions.endOtherSessions(tx, userId, currentSid);
      });
    },

    /** D22: everything of the user goes, sessions included, in one statement's transaction. */
    async deleteAccount(userId: number) {
      await db.transaction(async (tx) => {
        if (!(await deleteUser(tx, userId))) throw unauthorized();
      });
    },

    /**
     * D21: one document of everything the user has; no password or payment secret. Format
     * version 2 (decision 050) adds the preferences, the vehicles' energy profiles, the records'
     * odometers, the energy entries and the odometer readings; version 3 the service schedules,
     * the notification settings without their secrets, and each file's SHA-256 and zip path
     * (docs/data-formats.md). With `vehicleId` it is a passport's: that vehicle's rows and
     * files, the owner's preferences to read them by, and no account. Read in one snapshot, so
     * that every row a list points at is in the document. The caller checks that the vehicle is
     * the user's.
     */
    async exportData(userId: number, scope: ExportScope = {}): Promise<ExportDocument> {
      const { user, data } = await db.transaction(
        async (tx) => ({
          user: await findUserById(tx, userId),
          data: await readUserData(tx, userId, scope),
        }),
        { isolationLevel: 'repeatable read', accessMode: 'read only' },
      );
      if (!user) throw unauthorized();
      const isPassport = scope.vehicleId !== undefined;
      return {
        format: EXPORT_FORMAT,
        version: EXPORT_VERSION,
        exportedAt: new Date().toISOString(),
        user: isPassport
          ? null
          : {
              ...toUser(user),
              subscriptionStatus: user.subscriptionStatus,
              subscriptionExpiresAt: user.subscriptionExpiresAt?.toISOString() ?? null,
              updatedAt: user.updatedAt.toISOString(),
              dashboardLayout:
                user.dashboardLayout === null
                  ? null
                  : normalizeDashboardLayout(user.dashboardLayout),
            },
        preferences: toPreferences(user),
        vehicles: data.vehicles.map((row) => ({
          ...row,
          purchasePrice: numericToNumber(row.purchasePrice),
          currentValue: numericToNumber(row.currentValue),
          tankCapacity: numericToNumber(row.tankCapacity),
          batteryCapacity: numericToNumber(row.batteryCapacity),
          addedAt: row.addedAt.toISOString(),
        })),
        vehicleImages: data.vehicleImages.map(withIsoAddedAt),
        maintenance: data.maintenance.map(recordWithNumbers),
        repairs: data.repairs.map(recordWithNumbers),
        modifications: data.modifications.map(recordWithNumbers),
        recordImages: data.recordImages.map(withIsoAddedAt),
        documents: data.documents.map((row) => ({
          ...row,
          amount: numericToNumber(row.amount),
          addedAt: row.addedAt.toISOString(),
        })),
        energyEntries: data.energyEntries.map((row) => ({
          ...row,
          odometer: numericToNumber(row.odometer),
          quantity: Number(row.quantity),
          canonicalQuantity: Number(row.canonicalQuantity),
          unitPrice: Number(row.unitPrice),
          totalCost: Number(row.totalCost),
          batteryKwh: numericToNumber(row.batteryKwh),
          distanceOnEnergy: numericToNumber(row.distanceOnEnergy),
          addedAt: row.addedAt.toISOString(),
        })),
        odometerReadings: data.odometerReadings.map((row) => ({
          ...row,
          odometer: Number(row.odometer),
          addedAt: row.addedAt.toISOString(),
        })),
        serviceSchedules: data.serviceSchedules.map((row) => ({
          ...row,
          firstDueOdometer: numericToNumber(row.firstDueOdometer),
          lastDoneOdometer: numericToNumber(row.lastDoneOdometer),
          previousDueOdometer: numericToNumber(row.previousDueOdometer),
          addedAt: row.addedAt.toISOString(),
        })),
        notificationSettings:
          isPassport || data.notificationSettings === null
            ? null
            : {
                ...data.notificationSettings,
                updatedAt: data.notificationSettings.updatedAt.toISOString(),
              },
        files: data.files.map((file) => ({
          ...file,
          createdAt: file.createdAt.toISOString(),
          url: fileUrl(file.id),
          path: backupFilePath(file.id),
        })),
      };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
