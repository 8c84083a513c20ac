import { getTailwindScreens } from './app/lib/viewport.ts'

export default {
  theme: {
    screens: getTailwindScreens(),
  },
}
