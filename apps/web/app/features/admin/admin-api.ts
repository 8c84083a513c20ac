import type {
  AdminLoginBody,
  AdminStats,
  AdminUser,
  AdminUserPatchBody,
  AdminUsersPage,
  RedeemCodeStats,
  RedeemCodesUploadBody,
  RedeemCodesUploadResult,
} from '@storyreel/contracts/admin'
import type { AuthenticatedUser } from '@storyreel/contracts/auth'

import { getApi } from '#app/lib/api.ts'
import { clearAdminToken, saveAdminToken } from '#app/lib/session.ts'

/** Admin calls go through the admin requester ({node host}/admin/) with its own token and logout. */
export const adminApi = {
  async login(body: AdminLoginBody): Promise<AuthenticatedUser> {
    const admin = await getApi().post<AuthenticatedUser>('login', body, { target: 'admin', notifyOnError: true })
    saveAdminToken(admin.access_token)
    return admin
  },

  async logout(): Promise<void> {
    try {
      await getApi().post('logout', undefined, { target: 'admin', auth: true })
    } finally {
      clearAdminToken()
    }
  },

  getStats: () => getApi().get<AdminStats>('stats', { target: 'admin', auth: true }),

  getUsers: ({ q, page, pageSize }: { q: string; page: number; pageSize: number }) => {
    const query = new URLSearchParams({ page: String(page), page_size: String(pageSize), ...(q ? { q } : {}) })
    return getApi().get<AdminUsersPage>(`users?${query.toString()}`, { target: 'admin', auth: true })
  },

  updateUser: (id: string, changes: AdminUserPatchBody, successToast: string) =>
    getApi().patch<AdminUser>(`users/${encodeURIComponent(id)}`, changes, {
      target: 'admin',
      auth: true,
      notifyOnError: true,
      successToast,
    }),

  getRedeemCodeStats: () => getApi().get<RedeemCodeStats>('referral-codes', { target: 'admin', auth: true }),

  uploadRedeemCodes: (body: RedeemCodesUploadBody) =>
    getApi().post<RedeemCodesUploadResult>('referral-codes', body, {
      target: 'admin',
      auth: true,
      notifyOnError: true,
    }),
}
