import { useEffect, useState } from 'react'

export function App() {
  const [version, setVersion] = useState<string>('')
  useEffect(() => {
    void window.casefile?.appInfo().then((result) => {
      if (result.ok) setVersion(result.value.version)
    })
  }, [])
  return (
    <main>
      <h1>Casefile</h1>
      <p>{version ? `Version ${version}` : 'Starting…'}</p>
    </main>
  )
}
