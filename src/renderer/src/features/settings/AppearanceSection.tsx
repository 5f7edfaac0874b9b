import { useState } from 'react'
import { applyTheme, readTheme, THEME_CHOICES, type ThemeChoice } from '../../theme'

/** Settings: light or dark, or the same as the system (which the window then follows as it changes). */
export function AppearanceSection() {
  const [choice, setChoice] = useState<ThemeChoice>(readTheme)
  return (
    <section className="panel" aria-labelledby="appearance-h">
      <h2 id="appearance-h">Appearance</h2>
      <fieldset className="radio-group">
        <legend>Theme</legend>
        {THEME_CHOICES.map((option) => (
          <div className="checkbox" key={option.id}>
            <input
              type="radio"
              id={`theme-${option.id}`}
              name="theme"
              value={option.id}
              checked={choice === option.id}
              onChange={() => {
                setChoice(option.id)
                applyTheme(option.id, true)
              }}
            />
            <label htmlFor={`theme-${option.id}`}>{option.label}</label>
          </div>
        ))}
      </fieldset>
    </section>
  )
}
