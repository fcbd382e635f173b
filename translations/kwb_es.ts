<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="es">
<context>
    <name>kwb::AgentController</name>
    <message>
        <source>retrying: %1</source>
        <translation>reintentando: %1</translation>
    </message>
    <message>
        <source>No model is set: choose an endpoint and a model in Agent → Agent Settings.</source>
        <translation>No hay ningún modelo configurado: elija un punto de acceso y un modelo en Agente → Ajustes del agente.</translation>
    </message>
    <message>
        <source>running %1</source>
        <translation>ejecutando %1</translation>
    </message>
    <message>
        <source>waiting for the model</source>
        <translation>esperando al modelo</translation>
    </message>
    <message>
        <source>The agent is running with %1 at %2.</source>
        <translation>El agente se ejecuta con %1 en %2.</translation>
    </message>
    <message>
        <source>The turn cannot be read for steering: %1</source>
        <translation>No se puede leer el turno para dirigirlo: %1</translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation>turno %1</translation>
    </message>
    <message>
        <source>Your edit is a new turn on a new branch; Continue lets the agent go on from it.</source>
        <translation>Su edición es un turno nuevo en una rama nueva; Continuar deja que el agente siga desde ahí.</translation>
    </message>
</context>
<context>
    <name>kwb::AgentSettingsDialog</name>
    <message>
        <source>server default</source>
        <translation>valor del servidor</translation>
    </message>
    <message>
        <source>Reset to the Workbench&apos;s Text</source>
        <translation>Restablecer el texto del Workbench</translation>
    </message>
    <message>
        <source>Agent Settings</source>
        <translation>Ajustes del agente</translation>
    </message>
    <message>
        <source>Stream tokens as they are generated</source>
        <translation>Transmitir los tokens a medida que se generan</translation>
    </message>
    <message>
        <source>empty: read the environment variable above</source>
        <translation>vacío: leer la variable de entorno de arriba</translation>
    </message>
    <message>
        <source>Stored in plain text in the settings file. It is only ever sent in the Authorization header, never written into a trajectory or a log.</source>
        <translation>Se guarda en texto plano en el archivo de ajustes. Solo se envía en la cabecera Authorization; nunca se escribe en una trayectoria ni en un registro.</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>Probar la conexión</translation>
    </message>
    <message>
        <source>Base URL:</source>
        <translation>URL base:</translation>
    </message>
    <message>
        <source>Model:</source>
        <translation>Modelo:</translation>
    </message>
    <message>
        <source>Temperature:</source>
        <translation>Temperatura:</translation>
    </message>
    <message>
        <source>Top p:</source>
        <translation>Top p:</translation>
    </message>
    <message>
        <source>Max tokens:</source>
        <translation>Tokens máximos:</translation>
    </message>
    <message>
        <source>API key variable:</source>
        <translation>Variable de la clave API:</translation>
    </message>
    <message>
        <source>API key:</source>
        <translation>Clave API:</translation>
    </message>
    <message>
        <source>Endpoint</source>
        <translation>Punto de acceso</translation>
    </message>
    <message>
        <source>Evaluate the final workspace when the agent stops</source>
        <translation>Evaluar el espacio de trabajo final cuando el agente se detiene</translation>
    </message>
    <message>
        <source>CUDA GPU</source>
        <translation>GPU CUDA</translation>
    </message>
    <message>
        <source>CPU (C++ extensions, host timing)</source>
        <translation>CPU (extensiones C++, tiempos del host)</translation>
    </message>
    <message>
        <source> s</source>
        <translation> s</translation>
    </message>
    <message>
        <source>Turns per run, at most:</source>
        <translation>Turnos por ejecución, como máximo:</translation>
    </message>
    <message>
        <source>Evaluate on:</source>
        <translation>Evaluar en:</translation>
    </message>
    <message>
        <source>More kwb-runner options:</source>
        <translation>Más opciones de kwb-runner:</translation>
    </message>
    <message>
        <source>bash time limit:</source>
        <translation>Límite de tiempo de bash:</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ejecución</translation>
    </message>
    <message>
        <source>System prompt (stored with every trajectory the agent writes):</source>
        <translation>Prompt del sistema (se guarda con cada trayectoria que escribe el agente):</translation>
    </message>
    <message>
        <source>Skill text, given after the system prompt:</source>
        <translation>Texto de habilidades, dado después del prompt del sistema:</translation>
    </message>
    <message>
        <source>Instructions</source>
        <translation>Instrucciones</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Conectando con %1…</translation>
    </message>
    <message>
        <source>GPU Hosts…</source>
        <translation>Hosts con GPU…</translation>
    </message>
    <message>
        <source>Run tools on:</source>
        <translation>Ejecutar las herramientas en:</translation>
    </message>
    <message>
        <source>This machine</source>
        <translation>Esta máquina</translation>
    </message>
    <message>
        <source>Test Connection fills this list with the models the server serves</source>
        <translation>Probar conexión llena esta lista con los modelos que sirve el servidor</translation>
    </message>
</context>
<context>
    <name>kwb::BranchOutlineModel</name>
    <message>
        <source>Turn %1</source>
        <translation>Turno %1</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Turno</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>Recompensa</translation>
    </message>
    <message>
        <source>Fork %1, from turn %2</source>
        <translation>Bifurcación %1, desde el turno %2</translation>
    </message>
    <message>
        <source>Fork %1, a root of its own</source>
        <translation>Bifurcación %1, con raíz propia</translation>
    </message>
    <message>
        <source>The main line</source>
        <translation>La línea principal</translation>
    </message>
    <message>
        <source>↳ Turn %1 · fork %2</source>
        <translation>↳ Turno %1 · bifurcación %2</translation>
    </message>
    <message>
        <source>Turn %1 · fork %2</source>
        <translation>Turno %1 · bifurcación %2</translation>
    </message>
    <message>
        <source>score %1</source>
        <translation>puntuación %1</translation>
    </message>
    <message>
        <source>Label: %1</source>
        <translation>Etiqueta: %1</translation>
    </message>
    <message>
        <source>Tag: %1</source>
        <translation>Marca: %1</translation>
    </message>
    <message>
        <source>Human score: %1</source>
        <translation>Puntuación humana: %1</translation>
    </message>
    <message>
        <source>Human score: %1 (was %2)</source>
        <translation>Puntuación humana: %1 (antes %2)</translation>
    </message>
    <message>
        <source>Note: %1</source>
        <translation>Nota: %1</translation>
    </message>
    <message>
        <source>Lesson: %1</source>
        <translation>Lección: %1</translation>
    </message>
    <message>
        <source>(for the branch ending here)</source>
        <translation>(para la rama que termina aquí)</translation>
    </message>
    <message>
        <source>Curation</source>
        <translation>Curación</translation>
    </message>
</context>
<context>
    <name>kwb::BranchRoofline</name>
    <message>
        <source>No turn of this branch was evaluated.</source>
        <translation>Ningún turno de esta rama fue evaluado.</translation>
    </message>
    <message>
        <source>No calibration for this GPU: run kwb-runner calibrate.</source>
        <translation>No hay calibración para esta GPU: ejecute kwb-runner calibrate.</translation>
    </message>
    <message>
        <source>The evaluations of this branch carry no work floor of the task: evaluate again with a current kwb-runner.</source>
        <translation>Las evaluaciones de esta rama no incluyen el trabajo mínimo de la tarea: evalúe de nuevo con un kwb-runner actual.</translation>
    </message>
    <message>
        <source>This turn was not evaluated.</source>
        <translation>Este turno no fue evaluado.</translation>
    </message>
    <message>
        <source>No roofline point: this turn did not pass verification.</source>
        <translation>Sin punto en el roofline: este turno no superó la verificación.</translation>
    </message>
    <message>
        <source>No roofline point: this turn was not timed.</source>
        <translation>Sin punto en el roofline: este turno no se cronometró.</translation>
    </message>
    <message>
        <source>No roofline point: the GPU that timed this turn has no calibration; run kwb-runner calibrate there.</source>
        <translation>Sin punto en el roofline: la GPU que cronometró este turno no tiene calibración; ejecute allí kwb-runner calibrate.</translation>
    </message>
    <message>
        <source>No roofline point: this turn&apos;s evaluation carries no work floor of the task.</source>
        <translation>Sin punto en el roofline: la evaluación de este turno no incluye el trabajo mínimo de la tarea.</translation>
    </message>
    <message>
        <source>bound: memory, %1 of roofline, %2 of %3</source>
        <translation>límite: memoria, %1 del roofline, %2 de %3</translation>
    </message>
    <message>
        <source>bound: compute, %1 of roofline, %2 of %3 (%4)</source>
        <translation>límite: cómputo, %1 del roofline, %2 de %3 (%4)</translation>
    </message>
    <message>
        <source>eager %1, torch.compile %2</source>
        <translation>eager %1, torch.compile %2</translation>
    </message>
    <message>
        <source>against the calibration it was timed with, not the roofs drawn</source>
        <translation>frente a la calibración con la que se cronometró, no frente a los techos dibujados</translation>
    </message>
    <message>
        <source>above the roof: this kernel does fewer FLOPs than the reference counts</source>
        <translation>por encima del techo: este kernel hace menos FLOP de los que cuenta la referencia</translation>
    </message>
    <message>
        <source>above the roof: faster than the calibrated copy</source>
        <translation>por encima del techo: más rápido que la copia calibrada</translation>
    </message>
</context>
<context>
    <name>kwb::CodeEditor</name>
    <message>
        <source>%1 is not valid UTF-8 text; it is shown as Latin-1, so some characters may be wrong.</source>
        <translation>%1 no es texto UTF-8 válido; se muestra como Latin-1, por lo que algunos caracteres pueden ser incorrectos.</translation>
    </message>
    <message>
        <source>%1 has %2 lines: syntax colouring and folding are off for it.</source>
        <translation>%1 tiene %2 líneas: el resaltado de sintaxis y el plegado están desactivados para él.</translation>
    </message>
</context>
<context>
    <name>kwb::CompilerOutputView</name>
    <message>
        <source>No compiler output.</source>
        <translation>Sin salida del compilador.</translation>
    </message>
    <message>
        <source>Diagnostics</source>
        <translation>Diagnósticos</translation>
    </message>
    <message>
        <source>Resources per kernel (ptxas)</source>
        <translation>Recursos por kernel (ptxas)</translation>
    </message>
    <message>
        <source>Raw log</source>
        <translation>Registro sin procesar</translation>
    </message>
    <message>
        <source>The compile stage did not run for this turn.</source>
        <translation>La etapa de compilación no se ejecutó en este turno.</translation>
    </message>
    <message>
        <source>This turn was not evaluated.</source>
        <translation>Este turno no fue evaluado.</translation>
    </message>
    <message>
        <source>Compiled</source>
        <translation>Compilado</translation>
    </message>
    <message>
        <source>Compile timed out</source>
        <translation>La compilación agotó el tiempo</translation>
    </message>
    <message>
        <source>Compile failed</source>
        <translation>La compilación falló</translation>
    </message>
    <message>
        <source> in %1 s</source>
        <translation> en %1 s</translation>
    </message>
    <message>
        <source> (from the build cache)</source>
        <translation> (de la caché de compilación)</translation>
    </message>
    <message numerus="yes">
        <source>%n error(s)</source>
        <translation>
            <numerusform>%n error</numerusform>
            <numerusform>%n errores</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n advertencia</numerusform>
            <numerusform>%n advertencias</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n kernel(s)</source>
        <translation>
            <numerusform>%n kernel</numerusform>
            <numerusform>%n kernels</numerusform>
        </translation>
    </message>
    <message>
        <source>Not compiled: the evaluation could not run on its machine (not the agent&apos;s failure): %1</source>
        <translation>Sin compilar: la evaluación no pudo ejecutarse en su máquina (no es un fallo del agente): %1</translation>
    </message>
</context>
<context>
    <name>kwb::CurationController</name>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Deshacer</translation>
    </message>
    <message>
        <source>&amp;Undo %1</source>
        <translation>&amp;Deshacer %1</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rehacer</translation>
    </message>
    <message>
        <source>&amp;Redo %1</source>
        <translation>&amp;Rehacer %1</translation>
    </message>
    <message>
        <source>It has the label %1 already.</source>
        <translation>Ya tiene la etiqueta %1.</translation>
    </message>
    <message>
        <source>Label “%1”</source>
        <translation>Etiqueta «%1»</translation>
    </message>
    <message>
        <source>Tag “%1”</source>
        <translation>Marca «%1»</translation>
    </message>
    <message>
        <source>Note</source>
        <translation>Nota</translation>
    </message>
    <message>
        <source>Human Score %1</source>
        <translation>Puntuación humana %1</translation>
    </message>
    <message>
        <source>%1 No trajectory was labelled.</source>
        <translation>%1 No se etiquetó ninguna trayectoria.</translation>
    </message>
    <message>
        <source>Every trajectory in view has the label %1 already.</source>
        <translation>Todas las trayectorias a la vista ya tienen la etiqueta %1.</translation>
    </message>
    <message numerus="yes">
        <source>Label %n Trajectories “%1”</source>
        <translation>
            <numerusform>Etiquetar %n trayectoria «%1»</numerusform>
            <numerusform>Etiquetar %n trayectorias «%1»</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n trajectories labelled %1.</source>
        <translation>
            <numerusform>%n trayectoria etiquetada %1.</numerusform>
            <numerusform>%n trayectorias etiquetadas %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>this trajectory</source>
        <translation>esta trayectoria</translation>
    </message>
    <message>
        <source>the branch through turn %1</source>
        <translation>la rama que pasa por el turno %1</translation>
    </message>
    <message>
        <source>turn %1</source>
        <translation>el turno %1</translation>
    </message>
    <message>
        <source>Label</source>
        <translation>Etiqueta</translation>
    </message>
    <message>
        <source>Label for %1:</source>
        <translation>Etiqueta para %1:</translation>
    </message>
    <message>
        <source>Tag</source>
        <translation>Marca</translation>
    </message>
    <message>
        <source>Tag for %1:</source>
        <translation>Marca para %1:</translation>
    </message>
    <message>
        <source>Note on %1:</source>
        <translation>Nota sobre %1:</translation>
    </message>
    <message>
        <source>Human Score</source>
        <translation>Puntuación humana</translation>
    </message>
    <message>
        <source>Score for %1 (the reward it overrides is kept beside it):</source>
        <translation>Puntuación para %1 (la recompensa que sustituye se conserva a su lado):</translation>
    </message>
    <message>
        <source>Label All in View</source>
        <translation>Etiquetar todo lo visible</translation>
    </message>
    <message numerus="yes">
        <source>Label for the %n trajectories in view:</source>
        <translation>
            <numerusform>Etiqueta para la %n trayectoria a la vista:</numerusform>
            <numerusform>Etiqueta para las %n trayectorias a la vista:</numerusform>
        </translation>
    </message>
    <message>
        <source>Curate %1</source>
        <translation>Curar %1</translation>
    </message>
    <message>
        <source>%1 The curation edit was not made.</source>
        <translation>%1 No se hizo la edición de curación.</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lección</translation>
    </message>
    <message>
        <source>Teaching note on %1:</source>
        <translation>Nota didáctica sobre %1:</translation>
    </message>
    <message>
        <source>Starred %1</source>
        <translation>Destacado: %1</translation>
    </message>
    <message>
        <source>Accepted %1</source>
        <translation>Aceptado: %1</translation>
    </message>
    <message>
        <source>Rejected %1</source>
        <translation>Rechazado: %1</translation>
    </message>
    <message>
        <source>Labelled %1 “%2”</source>
        <translation>Etiquetado %1 «%2»</translation>
    </message>
    <message>
        <source>Tagged %1 “%2”</source>
        <translation>Marcado %1 «%2»</translation>
    </message>
    <message>
        <source>Note added to %1</source>
        <translation>Nota añadida a %1</translation>
    </message>
    <message>
        <source>Scored %1: %2</source>
        <translation>Puntuado %1: %2</translation>
    </message>
    <message>
        <source>Lesson saved on %1</source>
        <translation>Lección guardada en %1</translation>
    </message>
    <message numerus="yes">
        <source>Labelled %n trajectories “%1”</source>
        <translation>
            <numerusform>Etiquetada %n trayectoria «%1»</numerusform>
            <numerusform>Etiquetadas %n trayectorias «%1»</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::DiagnosticsModel</name>
    <message>
        <source>note</source>
        <translation>nota</translation>
    </message>
    <message>
        <source>remark</source>
        <translation>observación</translation>
    </message>
    <message>
        <source>warning</source>
        <translation>advertencia</translation>
    </message>
    <message>
        <source>error</source>
        <translation>error</translation>
    </message>
    <message>
        <source>fatal</source>
        <translation>fatal</translation>
    </message>
    <message>
        <source>Severity</source>
        <translation>Gravedad</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>Line</source>
        <translation>Línea</translation>
    </message>
    <message>
        <source>Column</source>
        <translation>Columna</translation>
    </message>
    <message>
        <source>Code</source>
        <translation>Código</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
</context>
<context>
    <name>kwb::ExportDialog</name>
    <message>
        <source>Leave synthetic trajectories out</source>
        <translation>Dejar fuera las trayectorias sintéticas</translation>
    </message>
    <message>
        <source>Only branches labelled accept (at their last turn or on the trajectory)</source>
        <translation>Solo ramas etiquetadas accept (en su último turno o en la trayectoria)</translation>
    </message>
    <message>
        <source>Cut each branch after its highest-reward turn</source>
        <translation>Cortar cada rama tras su turno de mayor recompensa</translation>
    </message>
    <message>
        <source>Export Trajectories</source>
        <translation>Exportar trayectorias</translation>
    </message>
    <message>
        <source>native JSON Lines, lossless</source>
        <translation>JSON Lines nativo, sin pérdidas</translation>
    </message>
    <message>
        <source>chat messages per branch, for supervised fine-tuning</source>
        <translation>mensajes de chat por rama, para ajuste fino supervisado</translation>
    </message>
    <message>
        <source>preference pairs from forks</source>
        <translation>pares de preferencia a partir de bifurcaciones</translation>
    </message>
    <message>
        <source>RL rollouts grouped by task</source>
        <translation>rollouts de RL agrupados por tarea</translation>
    </message>
    <message>
        <source>Agent Trajectory Interchange Format</source>
        <translation>Agent Trajectory Interchange Format</translation>
    </message>
    <message>
        <source>KernelBench eval_results.json</source>
        <translation>eval_results.json de KernelBench</translation>
    </message>
    <message>
        <source>any</source>
        <translation>cualquiera</translation>
    </message>
    <message>
        <source>a check&apos;s name, or any</source>
        <translation>el nombre de una comprobación, o any</translation>
    </message>
    <message>
        <source>words in messages or code</source>
        <translation>palabras en mensajes o código</translation>
    </message>
    <message>
        <source>the higher reward</source>
        <translation>la recompensa mayor</translation>
    </message>
    <message>
        <source>labels (accept &gt; star &gt; none &gt; reject)</source>
        <translation>etiquetas (accept &gt; star &gt; ninguna &gt; reject)</translation>
    </message>
    <message>
        <source>File to write</source>
        <translation>Archivo que escribir</translation>
    </message>
    <message>
        <source>Trajectories (from the list&apos;s filter)</source>
        <translation>Trayectorias (a partir del filtro de la lista)</translation>
    </message>
    <message>
        <source>Task contains:</source>
        <translation>La tarea contiene:</translation>
    </message>
    <message>
        <source>Level:</source>
        <translation>Nivel:</translation>
    </message>
    <message>
        <source>Status:</source>
        <translation>Estado:</translation>
    </message>
    <message>
        <source>Label:</source>
        <translation>Etiqueta:</translation>
    </message>
    <message>
        <source>Hack flag:</source>
        <translation>Señal de trampa:</translation>
    </message>
    <message>
        <source>Search:</source>
        <translation>Buscar:</translation>
    </message>
    <message>
        <source>What each trajectory gives</source>
        <translation>Qué aporta cada trayectoria</translation>
    </message>
    <message>
        <source>Pairs choose by:</source>
        <translation>Los pares eligen por:</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>Examinar…</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>Formato:</translation>
    </message>
    <message>
        <source>Write to:</source>
        <translation>Escribir en:</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>Exportar</translation>
    </message>
    <message>
        <source>JSON (*.json)</source>
        <translation>JSON (*.json)</translation>
    </message>
    <message>
        <source>JSON Lines (*.jsonl)</source>
        <translation>JSON Lines (*.jsonl)</translation>
    </message>
    <message>
        <source>No trajectory matches these filters.</source>
        <translation>Ninguna trayectoria cumple estos filtros.</translation>
    </message>
    <message numerus="yes">
        <source>%n trajectories match.</source>
        <translation>
            <numerusform>Coincide %n trayectoria.</numerusform>
            <numerusform>Coinciden %n trayectorias.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing would be written: %1</source>
        <translation>No se escribiría nada: %1</translation>
    </message>
    <message numerus="yes">
        <source>%n preference pair(s)</source>
        <translation>
            <numerusform>%n par de preferencia</numerusform>
            <numerusform>%n pares de preferencia</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n record(s)</source>
        <translation>
            <numerusform>%n registro</numerusform>
            <numerusform>%n registros</numerusform>
        </translation>
    </message>
    <message>
        <source>The export writes %1.</source>
        <translation>La exportación escribe %1.</translation>
    </message>
    <message>
        <source>Records are counted as they are written (more than %1 trajectories).</source>
        <translation>Los registros se cuentan al escribirse (más de %1 trayectorias).</translation>
    </message>
    <message>
        <source>The export writes all of them.</source>
        <translation>La exportación las escribe todas.</translation>
    </message>
    <message>
        <source>(the task filter “%1” has no kwb export flag: pass --task with exact task names)</source>
        <translation>(el filtro de tarea «%1» no tiene opción en kwb export: pase --task con los nombres exactos de las tareas)</translation>
    </message>
</context>
<context>
    <name>kwb::FilePane</name>
    <message>
        <source>%1 does not exist in this turn.</source>
        <translation>%1 no existe en este turno.</translation>
    </message>
    <message>
        <source>%1 does not exist in %2.</source>
        <translation>%1 no existe en %2.</translation>
    </message>
    <message>
        <source>The two versions differ too much for a line-by-line diff; the differing block is marked as one change.</source>
        <translation>Las dos versiones difieren demasiado para una comparación línea a línea; el bloque distinto se marca como un solo cambio.</translation>
    </message>
    <message>
        <source>No changes against %1.</source>
        <translation>Sin cambios respecto a %1.</translation>
    </message>
</context>
<context>
    <name>kwb::ForkTreeView</name>
    <message>
        <source>Go to This Turn</source>
        <translation>Ir a este turno</translation>
    </message>
    <message>
        <source>Compare Kernel with This Turn</source>
        <translation>Comparar el kernel con este turno</translation>
    </message>
</context>
<context>
    <name>kwb::GpuHostsDialog</name>
    <message>
        <source>GPU Hosts</source>
        <translation>Hosts con GPU</translation>
    </message>
    <message>
        <source>&amp;Add</source>
        <translation>&amp;Añadir</translation>
    </message>
    <message>
        <source>&amp;Remove</source>
        <translation>&amp;Quitar</translation>
    </message>
    <message>
        <source>kwb-runner (on the host&apos;s PATH)</source>
        <translation>kwb-runner (en el PATH del host)</translation>
    </message>
    <message>
        <source>the runner&apos;s default</source>
        <translation>el predeterminado del runner</translation>
    </message>
    <message>
        <source>Test Connection</source>
        <translation>Probar conexión</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>Nombre:</translation>
    </message>
    <message>
        <source>Address:</source>
        <translation>Dirección:</translation>
    </message>
    <message>
        <source>kwb-runner on the host:</source>
        <translation>kwb-runner en el host:</translation>
    </message>
    <message>
        <source>Python on the host:</source>
        <translation>Python en el host:</translation>
    </message>
    <message>
        <source>Work folder on the host:</source>
        <translation>Carpeta de trabajo en el host:</translation>
    </message>
    <message>
        <source>More ssh options:</source>
        <translation>Más opciones de ssh:</translation>
    </message>
    <message>
        <source>Hosts are reached with this machine&apos;s ssh: its config, agent and known hosts apply. Build the runner on a host with: kwb host bootstrap NAME</source>
        <translation>Los hosts se alcanzan con el ssh de esta máquina: se aplican su configuración, su agente y sus hosts conocidos. Compile el runner en un host con: kwb host bootstrap NOMBRE</translation>
    </message>
    <message>
        <source>gpu-%1</source>
        <translation>gpu-%1</translation>
    </message>
    <message>
        <source>no GPU (%1)</source>
        <translation>sin GPU (%1)</translation>
    </message>
    <message>
        <source>none found</source>
        <translation>no se encontró ninguna</translation>
    </message>
    <message>
        <source>driver %1</source>
        <translation>controlador %1</translation>
    </message>
    <message>
        <source>CUDA %1</source>
        <translation>CUDA %1</translation>
    </message>
    <message>
        <source>torch %1</source>
        <translation>torch %1</translation>
    </message>
    <message>
        <source>runner %1</source>
        <translation>runner %1</translation>
    </message>
    <message>
        <source>of unknown version</source>
        <translation>de versión desconocida</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>Conectando con %1…</translation>
    </message>
</context>
<context>
    <name>kwb::ImportExportController</name>
    <message>
        <source>Import Trajectories</source>
        <translation>Importar trayectorias</translation>
    </message>
    <message>
        <source>Trajectories (*.jsonl *.json);;All files (*)</source>
        <translation>Trayectorias (*.jsonl *.json);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>The Task Folder of This Run (level1/, level2/, …)</source>
        <translation>La carpeta de tareas de esta ejecución (level1/, level2/, …)</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message numerus="yes">
        <source>Imported %n trajectories</source>
        <translation>
            <numerusform>Importada %n trayectoria</numerusform>
            <numerusform>Importadas %n trayectorias</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source> (%n turns).</source>
        <translation>
            <numerusform> (%n turno).</numerusform>
            <numerusform> (%n turnos).</numerusform>
        </translation>
    </message>
    <message>
        <source>Importing %1…</source>
        <translation>Importando %1…</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2.</source>
        <translation>No se puede escribir %1: %2.</translation>
    </message>
    <message numerus="yes">
        <source>Exported %n trajectories to %1.</source>
        <translation>
            <numerusform>Exportada %n trayectoria a %1.</numerusform>
            <numerusform>Exportadas %n trayectorias a %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>Exporting to %1…</source>
        <translation>Exportando a %1…</translation>
    </message>
    <message numerus="yes">
        <source>Wrote %1 from %n trajectories to %2.</source>
        <translation>
            <numerusform>Se escribieron %1 de %n trayectoria en %2.</numerusform>
            <numerusform>Se escribieron %1 de %n trayectorias en %2.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n preference pair(s)</source>
        <translation>
            <numerusform>%n par de preferencia</numerusform>
            <numerusform>%n pares de preferencia</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n branch(es)</source>
        <translation>
            <numerusform>%n rama</numerusform>
            <numerusform>%n ramas</numerusform>
        </translation>
    </message>
    <message>
        <source>Skipped: %1.</source>
        <translation>Omitido: %1.</translation>
    </message>
    <message>
        <source>Import a Folder: a KernelBench Run, a CUDA Agent Workspace, or Trajectory Files</source>
        <translation>Importar una carpeta: una ejecución de KernelBench, un espacio de trabajo de CUDA Agent o archivos de trayectorias</translation>
    </message>
</context>
<context>
    <name>kwb::KernelResourcesModel</name>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Arch</source>
        <translation>Arquitectura</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>Registros</translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation>Memoria compartida</translation>
    </message>
    <message>
        <source>Stack</source>
        <translation>Pila</translation>
    </message>
    <message>
        <source>Spill stores</source>
        <translation>Escrituras de desbordamiento</translation>
    </message>
    <message>
        <source>Spill loads</source>
        <translation>Lecturas de desbordamiento</translation>
    </message>
    <message>
        <source>Constant</source>
        <translation>Constante</translation>
    </message>
</context>
<context>
    <name>kwb::KernelView</name>
    <message>
        <source>Diff</source>
        <translation>Diferencias</translation>
    </message>
    <message>
        <source>Compare every file side by side with another turn</source>
        <translation>Comparar cada archivo lado a lado con otro turno</translation>
    </message>
    <message>
        <source>against the previous turn</source>
        <translation>con el turno anterior</translation>
    </message>
    <message>
        <source>Find in file…</source>
        <translation>Buscar en el archivo…</translation>
    </message>
    <message>
        <source>against %1</source>
        <translation>con %1</translation>
    </message>
    <message>
        <source>The files of this turn could not be loaded: %1</source>
        <translation>No se pudieron cargar los archivos de este turno: %1</translation>
    </message>
    <message>
        <source>This turn has no workspace files.</source>
        <translation>Este turno no tiene archivos de espacio de trabajo.</translation>
    </message>
    <message>
        <source>The turn to compare with could not be loaded: %1</source>
        <translation>No se pudo cargar el turno con el que comparar: %1</translation>
    </message>
    <message>
        <source>This is the first turn of its branch: there is nothing before it to compare with.</source>
        <translation>Este es el primer turno de su rama: no hay nada anterior con qué comparar.</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>No encontrado</translation>
    </message>
    <message>
        <source>Unified</source>
        <translation>Unificado</translation>
    </message>
    <message>
        <source>One column of removed and added lines instead of two sides</source>
        <translation>Una columna de líneas quitadas y añadidas en lugar de dos lados</translation>
    </message>
    <message>
        <source>Previous change (Shift+F7)</source>
        <translation>Cambio anterior (Mayús+F7)</translation>
    </message>
    <message>
        <source>Next change (F7)</source>
        <translation>Cambio siguiente (F7)</translation>
    </message>
    <message>
        <source>the previous turn</source>
        <translation>el turno anterior</translation>
    </message>
    <message>
        <source>%1 — changed since %2</source>
        <translation>%1 — cambiado desde %2</translation>
    </message>
    <message>
        <source>%1 — new since %2</source>
        <translation>%1 — nuevo desde %2</translation>
    </message>
    <message>
        <source>%1 — removed since %2</source>
        <translation>%1 — eliminado desde %2</translation>
    </message>
    <message>
        <source>No changes</source>
        <translation>Sin cambios</translation>
    </message>
    <message numerus="yes">
        <source>%n change(s)</source>
        <translation>
            <numerusform>%n cambio</numerusform>
            <numerusform>%n cambios</numerusform>
        </translation>
    </message>
    <message>
        <source>Change %1 of %2</source>
        <translation>Cambio %1 de %2</translation>
    </message>
</context>
<context>
    <name>kwb::MainWindow</name>
    <message>
        <source>Kernel Workbench</source>
        <translation>Kernel Workbench</translation>
    </message>
    <message>
        <source>Compiler Output</source>
        <translation>Salida del compilador</translation>
    </message>
    <message>
        <source>Transcript</source>
        <translation>Transcripción</translation>
    </message>
    <message>
        <source>Verification</source>
        <translation>Verificación</translation>
    </message>
    <message>
        <source>Trajectories</source>
        <translation>Trayectorias</translation>
    </message>
    <message>
        <source>Fork Tree</source>
        <translation>Árbol de bifurcaciones</translation>
    </message>
    <message>
        <source>Reward Curve</source>
        <translation>Curva de recompensa</translation>
    </message>
    <message>
        <source>Timeline</source>
        <translation>Línea de tiempo</translation>
    </message>
    <message>
        <source>Navigation</source>
        <translation>Navegación</translation>
    </message>
    <message>
        <source>Turn along the current branch</source>
        <translation>Turno a lo largo de la rama actual</translation>
    </message>
    <message>
        <source>About Kernel Workbench</source>
        <translation>Acerca de Kernel Workbench</translation>
    </message>
    <message>
        <source>&lt;p&gt;&lt;b&gt;Kernel Workbench %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;A workbench for agent trajectories that write and optimize CUDA kernels: step through turns, compare kernels, read compiler output, verification and rewards.&lt;/p&gt;</source>
        <translation>&lt;p&gt;&lt;b&gt;Kernel Workbench %1&lt;/b&gt;&lt;/p&gt;&lt;p&gt;Un banco de trabajo para trayectorias de agentes que escriben y optimizan kernels CUDA: recorra los turnos, compare kernels y lea la salida del compilador, la verificación y las recompensas.&lt;/p&gt;</translation>
    </message>
    <message>
        <source>The language changes the next time Kernel Workbench starts.</source>
        <translation>El idioma cambiará la próxima vez que se inicie Kernel Workbench.</translation>
    </message>
    <message numerus="yes">
        <source>%n trajectories</source>
        <translation>
            <numerusform>%n trayectoria</numerusform>
            <numerusform>%n trayectorias</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 is not a file of this turn&apos;s workspace.</source>
        <translation>%1 no es un archivo del espacio de trabajo de este turno.</translation>
    </message>
    <message>
        <source>Open Store</source>
        <translation>Abrir almacén</translation>
    </message>
    <message>
        <source>Kernel Workbench stores (*.kwb);;All files (*)</source>
        <translation>Almacenes de Kernel Workbench (*.kwb);;Todos los archivos (*)</translation>
    </message>
    <message>
        <source>No recent stores</source>
        <translation>No hay almacenes recientes</translation>
    </message>
    <message>
        <source>%1 Choose another store with File → Open Store.</source>
        <translation>%1 Elija otro almacén con Archivo → Abrir almacén.</translation>
    </message>
    <message>
        <source>%1 — Kernel Workbench</source>
        <translation>%1 — Kernel Workbench</translation>
    </message>
    <message>
        <source>%1 The rest of the store can still be browsed.</source>
        <translation>%1 El resto del almacén se puede seguir explorando.</translation>
    </message>
    <message>
        <source>Turn %1</source>
        <translation>Turno %1</translation>
    </message>
    <message>
        <source>%1 (another branch)</source>
        <translation>%1 (otra rama)</translation>
    </message>
    <message>
        <source>This trajectory has no turns.</source>
        <translation>Esta trayectoria no tiene turnos.</translation>
    </message>
    <message numerus="yes">
        <source>Turn %1 of %2 · %n branch(es)</source>
        <translation>
            <numerusform>Turno %1 de %2 · %n rama</numerusform>
            <numerusform>Turno %1 de %2 · %n ramas</numerusform>
        </translation>
    </message>
    <message>
        <source>Go to Turn</source>
        <translation>Ir al turno</translation>
    </message>
    <message>
        <source>Turn on this branch (1–%1):</source>
        <translation>Turno en esta rama (1–%1):</translation>
    </message>
    <message>
        <source>%1 is not a file. Drop a Kernel Workbench store (.kwb).</source>
        <translation>%1 no es un archivo. Suelte un almacén de Kernel Workbench (.kwb).</translation>
    </message>
    <message>
        <source>Timing</source>
        <translation>Tiempos</translation>
    </message>
    <message>
        <source>The trace of this turn cannot be read: %1</source>
        <translation>No se puede leer la traza de este turno: %1</translation>
    </message>
    <message>
        <source>Roofline</source>
        <translation>Roofline</translation>
    </message>
    <message>
        <source>Nsight Compute</source>
        <translation>Nsight Compute</translation>
    </message>
    <message>
        <source>Nsight Compute profile stored with the turn.</source>
        <translation>Perfil de Nsight Compute guardado con el turno.</translation>
    </message>
    <message>
        <source>Run Summary</source>
        <translation>Resumen de la ejecución</translation>
    </message>
    <message>
        <source>%1 The marks shown may be out of date.</source>
        <translation>%1 Las marcas que se muestran pueden estar desactualizadas.</translation>
    </message>
    <message>
        <source>Lesson</source>
        <translation>Lección</translation>
    </message>
    <message>
        <source>Dismiss this message</source>
        <translation>Descartar este mensaje</translation>
    </message>
    <message>
        <source>Got it</source>
        <translation>Entendido</translation>
    </message>
    <message>
        <source>&lt;b&gt;A case study recorded on an H200&lt;/b&gt;: an agent&apos;s turns from the PyTorch reference (left) to its CUDA (right), with what each turn measured, opened at the turn that taught the most. &lt;b&gt;Step&lt;/b&gt; through turns with Alt+← and Alt+→ or the slider; &lt;b&gt;Fork&lt;/b&gt; (Agent → Fork Here, Ctrl+Shift+K) lets the agent go on from this turn on a branch of its own; &lt;b&gt;Steer&lt;/b&gt; (Agent → Steer, Ctrl+Shift+E) edits the code or adds a message first. The Lesson pane says what each turn shows.</source>
        <translation>&lt;b&gt;Un caso de estudio grabado en una H200&lt;/b&gt;: los turnos de un agente desde la referencia de PyTorch (izquierda) hasta su CUDA (derecha), con lo que midió cada turno, abierto en el turno que más enseña. &lt;b&gt;Avance&lt;/b&gt; por los turnos con Alt+← y Alt+→ o con el deslizador; &lt;b&gt;Bifurcar&lt;/b&gt; (Agente → Bifurcar aquí, Ctrl+Mayús+K) deja que el agente siga desde este turno en una rama propia; &lt;b&gt;Dirigir&lt;/b&gt; (Agente → Dirigir, Ctrl+Mayús+E) edita antes el código o añade un mensaje. El panel Lección explica qué muestra cada turno.</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>Deshacer</translation>
    </message>
</context>
<context>
    <name>kwb::NcuController</name>
    <message>
        <source>Profiling with Nsight Compute…</source>
        <translation>Perfilando con Nsight Compute…</translation>
    </message>
    <message>
        <source>A kernel is being profiled already; wait for it or cancel it in the Nsight Compute pane.</source>
        <translation>Ya se está perfilando un kernel; espere a que termine o cancélelo en el panel de Nsight Compute.</translation>
    </message>
    <message>
        <source>The turn cannot be read for profiling: %1</source>
        <translation>No se puede leer el turno para perfilarlo: %1</translation>
    </message>
    <message>
        <source>Profiling %1 with Nsight Compute…</source>
        <translation>Perfilando %1 con Nsight Compute…</translation>
    </message>
    <message>
        <source>The Nsight Compute profile could not be stored: %1</source>
        <translation>No se pudo guardar el perfil de Nsight Compute: %1</translation>
    </message>
    <message>
        <source>Profiling cancelled.</source>
        <translation>Perfilado cancelado.</translation>
    </message>
</context>
<context>
    <name>kwb::NcuMetricsModel</name>
    <message>
        <source>Duration</source>
        <translation>Duración</translation>
    </message>
    <message>
        <source>Memory throughput, % of peak</source>
        <translation>Rendimiento de memoria, % del pico</translation>
    </message>
    <message>
        <source>Compute (SM) throughput, % of peak</source>
        <translation>Rendimiento de cómputo (SM), % del pico</translation>
    </message>
    <message>
        <source>DRAM throughput, % of peak</source>
        <translation>Rendimiento de DRAM, % del pico</translation>
    </message>
    <message>
        <source>Achieved occupancy, %</source>
        <translation>Ocupación lograda, %</translation>
    </message>
    <message>
        <source>Registers per thread</source>
        <translation>Registros por hilo</translation>
    </message>
    <message>
        <source>Static shared memory per block</source>
        <translation>Memoria compartida estática por bloque</translation>
    </message>
    <message>
        <source>Dynamic shared memory per block</source>
        <translation>Memoria compartida dinámica por bloque</translation>
    </message>
    <message>
        <source>L1 hit rate, %</source>
        <translation>Tasa de aciertos de L1, %</translation>
    </message>
    <message>
        <source>L2 hit rate, %</source>
        <translation>Tasa de aciertos de L2, %</translation>
    </message>
    <message>
        <source>DRAM bytes read</source>
        <translation>Bytes leídos de DRAM</translation>
    </message>
    <message>
        <source>DRAM bytes written</source>
        <translation>Bytes escritos en DRAM</translation>
    </message>
    <message>
        <source>Stall: long scoreboard (warps per issue)</source>
        <translation>Bloqueo: long scoreboard (warps por emisión)</translation>
    </message>
    <message>
        <source>Stall: short scoreboard (warps per issue)</source>
        <translation>Bloqueo: short scoreboard (warps por emisión)</translation>
    </message>
    <message>
        <source>Stall: barrier (warps per issue)</source>
        <translation>Bloqueo: barrera (warps por emisión)</translation>
    </message>
    <message>
        <source>Stall: memory barrier (warps per issue)</source>
        <translation>Bloqueo: barrera de memoria (warps por emisión)</translation>
    </message>
    <message>
        <source>Stall: MIO throttle (warps per issue)</source>
        <translation>Bloqueo: limitación de MIO (warps por emisión)</translation>
    </message>
    <message>
        <source>Stall: local/global throttle (warps per issue)</source>
        <translation>Bloqueo: limitación local/global (warps por emisión)</translation>
    </message>
    <message>
        <source>Stall: math pipe throttle (warps per issue)</source>
        <translation>Bloqueo: limitación del pipeline matemático (warps por emisión)</translation>
    </message>
    <message>
        <source>Stall: fixed-latency wait (warps per issue)</source>
        <translation>Bloqueo: espera de latencia fija (warps por emisión)</translation>
    </message>
    <message>
        <source>Stall: not selected (warps per issue)</source>
        <translation>Bloqueo: no seleccionado (warps por emisión)</translation>
    </message>
    <message>
        <source>Stall: no instruction (warps per issue)</source>
        <translation>Bloqueo: sin instrucción (warps por emisión)</translation>
    </message>
    <message>
        <source>Stall: dispatch (warps per issue)</source>
        <translation>Bloqueo: despacho (warps por emisión)</translation>
    </message>
    <message>
        <source>n/a</source>
        <translation>n/d</translation>
    </message>
    <message>
        <source>%1 pp</source>
        <comment>percentage points</comment>
        <translation>%1 pp</translation>
    </message>
    <message>
        <source>Lower is better.</source>
        <translation>Menor es mejor.</translation>
    </message>
    <message>
        <source>Higher is better.</source>
        <translation>Mayor es mejor.</translation>
    </message>
    <message>
        <source>Metric</source>
        <translation>Métrica</translation>
    </message>
    <message>
        <source>This turn</source>
        <translation>Este turno</translation>
    </message>
    <message>
        <source>Compared turn</source>
        <translation>Turno comparado</translation>
    </message>
    <message>
        <source>Difference</source>
        <translation>Diferencia</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>Cambio</translation>
    </message>
</context>
<context>
    <name>kwb::NcuProfileJob</name>
    <message>
        <source>status %1</source>
        <translation>estado %1</translation>
    </message>
    <message>
        <source>Give a pattern for the names of the kernels to profile, such as part of a kernel&apos;s name or &quot;.&quot; for every kernel.</source>
        <translation>Indique un patrón para los nombres de los kernels que se perfilarán, como parte del nombre de un kernel o &quot;.&quot; para todos los kernels.</translation>
    </message>
    <message>
        <source>&quot;%1&quot; is not a valid regular expression (%2).</source>
        <translation>&quot;%1&quot; no es una expresión regular válida (%2).</translation>
    </message>
    <message>
        <source>Could not create a temporary folder for the turn&apos;s workspace (%1).</source>
        <translation>No se pudo crear una carpeta temporal para el espacio de trabajo del turno (%1).</translation>
    </message>
    <message>
        <source>The candidate did not compile, so there is nothing to profile: %1</source>
        <translation>El candidato no compiló, así que no hay nada que perfilar: %1</translation>
    </message>
    <message>
        <source>The candidate failed verification, so it was not profiled: %1</source>
        <translation>El candidato no superó la verificación, así que no se perfiló: %1</translation>
    </message>
    <message>
        <source>The candidate could not be verified, so it was not profiled: %1</source>
        <translation>No se pudo verificar el candidato, así que no se perfiló: %1</translation>
    </message>
    <message>
        <source>The candidate&apos;s timing run did not finish, so it was not profiled: %1</source>
        <translation>La medición de tiempos del candidato no terminó, así que no se perfiló: %1</translation>
    </message>
    <message>
        <source>kwb-runner&apos;s result has no Nsight Compute part; the runner may be older than the workbench.</source>
        <translation>El resultado de kwb-runner no tiene parte de Nsight Compute; puede que kwb-runner sea más antiguo que el banco de trabajo.</translation>
    </message>
    <message>
        <source>kwb-runner&apos;s Nsight Compute result does not read: %1.</source>
        <translation>No se puede leer el resultado de Nsight Compute de kwb-runner: %1.</translation>
    </message>
    <message>
        <source>Nsight Compute measured the kernels, but kwb-runner named no report file.</source>
        <translation>Nsight Compute midió los kernels, pero kwb-runner no indicó ningún archivo de informe.</translation>
    </message>
    <message>
        <source>Nsight Compute measured the kernels, but its report %1 could not be read (%2).</source>
        <translation>Nsight Compute midió los kernels, pero no se pudo leer su informe %1 (%2).</translation>
    </message>
    <message>
        <source>Nothing was profiled, because the evaluation could not run on this machine: %1</source>
        <translation>No se perfiló nada, porque la evaluación no pudo ejecutarse en esta máquina: %1</translation>
    </message>
</context>
<context>
    <name>kwb::NcuView</name>
    <message>
        <source>Cancel</source>
        <translation>Cancelar</translation>
    </message>
    <message>
        <source>Kernel:</source>
        <translation>Kernel:</translation>
    </message>
    <message>
        <source>%1 (launch %2)</source>
        <translation>%1 (lanzamiento %2)</translation>
    </message>
    <message>
        <source>No Nsight Compute profile for this turn. Right-click a kernel in the timeline and choose Profile kernel with Nsight Compute.</source>
        <translation>Este turno no tiene perfil de Nsight Compute. Haga clic derecho en un kernel de la línea de tiempo y elija «Perfilar el kernel con Nsight Compute».</translation>
    </message>
    <message>
        <source>Nsight Compute did not profile this turn (%1).</source>
        <translation>Nsight Compute no perfiló este turno (%1).</translation>
    </message>
    <message>
        <source>Nsight Compute measured no kernel matching %1.</source>
        <translation>Nsight Compute no midió ningún kernel que coincida con %1.</translation>
    </message>
    <message numerus="yes">
        <source>Nsight Compute metrics of %n kernel launch(es) matching %1.</source>
        <translation>
            <numerusform>Métricas de Nsight Compute de %n lanzamiento de kernel que coincide con %1.</numerusform>
            <numerusform>Métricas de Nsight Compute de %n lanzamientos de kernel que coinciden con %1.</numerusform>
        </translation>
    </message>
    <message>
        <source>the other turn</source>
        <translation>el otro turno</translation>
    </message>
    <message>
        <source>Profiling with Nsight Compute…</source>
        <translation>Perfilando con Nsight Compute…</translation>
    </message>
    <message>
        <source>%1 has no Nsight Compute metrics to compare with.</source>
        <translation>%1 no tiene métricas de Nsight Compute con las que comparar.</translation>
    </message>
    <message>
        <source>Compared with %1: %2 (launch %3).</source>
        <translation>Comparado con %1: %2 (lanzamiento %3).</translation>
    </message>
    <message>
        <source>%1 has no profiled kernel to compare with this one.</source>
        <translation>%1 no tiene ningún kernel perfilado con el que comparar este.</translation>
    </message>
</context>
<context>
    <name>kwb::ReferenceView</name>
    <message>
        <source>%1 GFLOP</source>
        <translation>%1 GFLOP</translation>
    </message>
    <message>
        <source>%1 MFLOP</source>
        <translation>%1 MFLOP</translation>
    </message>
    <message>
        <source>%1 FLOP</source>
        <translation>%1 FLOP</translation>
    </message>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source> · roofline %1 on %2, %3-bound</source>
        <translation> · roofline %1 en %2, limitado por %3</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>esta máquina</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>cómputo</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>memoria</translation>
    </message>
    <message>
        <source> · no calibration of this machine yet (kwb-runner calibrate)</source>
        <translation> · esta máquina aún no tiene calibración (kwb-runner calibrate)</translation>
    </message>
    <message>
        <source>Inputs read once, outputs written once, parameters read once; FLOPs as torch.utils.flop_counter counts them on the reference (matrix products and convolutions). A kernel that changes the algorithm can need fewer FLOPs than this.</source>
        <translation>Entradas leídas una vez, salidas escritas una vez, parámetros leídos una vez; FLOP tal como los cuenta torch.utils.flop_counter en la referencia (productos de matrices y convoluciones). Un kernel que cambia el algoritmo puede necesitar menos FLOP que estos.</translation>
    </message>
    <message>
        <source>Least work: %1, %2 counted</source>
        <translation>Trabajo mínimo: %1, %2 contados</translation>
    </message>
    <message>
        <source>%1 in, %2 out, %3 parameters</source>
        <translation>%1 de entrada, %2 de salida, %3 de parámetros</translation>
    </message>
</context>
<context>
    <name>kwb::RewardPlot</name>
    <message>
        <source>Turn</source>
        <translation>Turno</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>Recompensa</translation>
    </message>
    <message>
        <source>Speedup (log)</source>
        <translation>Aceleración (log)</translation>
    </message>
    <message>
        <source>other branches</source>
        <translation>otras ramas</translation>
    </message>
    <message>
        <source>speedup vs eager</source>
        <translation>aceleración frente a eager</translation>
    </message>
    <message>
        <source>speedup vs torch.compile</source>
        <translation>aceleración frente a torch.compile</translation>
    </message>
    <message>
        <source>reward (this branch)</source>
        <translation>recompensa (esta rama)</translation>
    </message>
    <message>
        <source>current turn</source>
        <translation>turno actual</translation>
    </message>
</context>
<context>
    <name>kwb::RooflineView</name>
    <message>
        <source>No turns to plot.</source>
        <translation>No hay turnos que representar.</translation>
    </message>
    <message>
        <source>Arithmetic intensity (FLOP/byte, log)</source>
        <translation>Intensidad aritmética (FLOP/byte, log)</translation>
    </message>
    <message>
        <source>Achieved FLOP/s (log)</source>
        <translation>FLOP/s alcanzados (log)</translation>
    </message>
    <message>
        <source>roofline (%1 copy, %2 matrix)</source>
        <translation>roofline (copia %1, matriz %2)</translation>
    </message>
    <message>
        <source>ridge %1 FLOP/B</source>
        <translation>cresta %1 FLOP/B</translation>
    </message>
    <message>
        <source>turns</source>
        <translation>turnos</translation>
    </message>
    <message>
        <source>eager (turn %1)</source>
        <translation>eager (turno %1)</translation>
    </message>
    <message>
        <source>torch.compile (turn %1)</source>
        <translation>torch.compile (turno %1)</translation>
    </message>
    <message>
        <source>Turn (the task does no counted FLOPs: bandwidth only)</source>
        <translation>Turno (la tarea no hace FLOPs contados: solo ancho de banda)</translation>
    </message>
    <message>
        <source>Achieved bandwidth (B/s)</source>
        <translation>Ancho de banda alcanzado (B/s)</translation>
    </message>
    <message>
        <source>% of copy bandwidth</source>
        <translation>% del ancho de banda de copia</translation>
    </message>
    <message>
        <source>copy bandwidth %1</source>
        <translation>ancho de banda de copia %1</translation>
    </message>
    <message>
        <source>current turn</source>
        <translation>turno actual</translation>
    </message>
</context>
<context>
    <name>kwb::RunSummaryView</name>
    <message>
        <source>Trajectories</source>
        <translation>Trayectorias</translation>
    </message>
    <message>
        <source>Pass %</source>
        <translation>% correctas</translation>
    </message>
    <message>
        <source>Faster vs eager %</source>
        <translation>% más rápidas que eager</translation>
    </message>
    <message>
        <source>Faster vs compile %</source>
        <translation>% más rápidas que compile</translation>
    </message>
    <message>
        <source>Geomean vs eager</source>
        <translation>Media geométrica frente a eager</translation>
    </message>
    <message>
        <source>Geomean vs compile</source>
        <translation>Media geométrica frente a compile</translation>
    </message>
    <message>
        <source>Each trajectory counts once, by its best correct turn. Pass and faster rates are shares of all trajectories in view; geometric means are over the correct ones that were timed.</source>
        <translation>Cada trayectoria cuenta una vez, por su mejor turno correcto. Las tasas de acierto y de mayor rapidez son proporciones de todas las trayectorias a la vista; las medias geométricas son sobre las correctas que se cronometraron.</translation>
    </message>
    <message>
        <source>Overall</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>L%1</source>
        <translation>N%1</translation>
    </message>
    <message>
        <source>No level</source>
        <translation>Sin nivel</translation>
    </message>
    <message>
        <source> (%1 rules)</source>
        <translation> (reglas %1)</translation>
    </message>
    <message>
        <source>Each trajectory counts once, by its best correct turn. Pass and faster rates are shares of all trajectories in view; geometric means are over the correct ones that were timed. %1</source>
        <translation>Cada trayectoria cuenta una vez, por su mejor turno correcto. Las tasas de aprobados y de más rápidos son proporciones de todas las trayectorias visibles; las medias geométricas son sobre las correctas que se cronometraron. %1</translation>
    </message>
    <message>
        <source>Trajectories judged under different rules are counted apart.</source>
        <translation>Las trayectorias juzgadas con reglas distintas se cuentan por separado.</translation>
    </message>
    <message>
        <source>Judged under the %1 rules.</source>
        <translation>Juzgadas con las reglas %1.</translation>
    </message>
</context>
<context>
    <name>kwb::RunnerJob</name>
    <message>
        <source>kwb-runner could not be started from %1 (%2); build it, or install it beside the workbench or on the PATH.</source>
        <translation>No se pudo iniciar kwb-runner desde %1 (%2); compílelo o instálelo junto al banco de trabajo o en el PATH.</translation>
    </message>
    <message>
        <source>The kwb-runner run was cancelled.</source>
        <translation>Se canceló la ejecución de kwb-runner.</translation>
    </message>
    <message>
        <source>kwb-runner crashed with signal %1 (%2).</source>
        <translation>kwb-runner falló con la señal %1 (%2).</translation>
    </message>
    <message>
        <source>kwb-runner crashed with signal %1 (%2) after printing: %3</source>
        <translation>kwb-runner falló con la señal %1 (%2) después de imprimir: %3</translation>
    </message>
    <message>
        <source>kwb-runner printed no result.</source>
        <translation>kwb-runner no imprimió ningún resultado.</translation>
    </message>
    <message>
        <source>kwb-runner exited with status %1 and printed no result.</source>
        <translation>kwb-runner terminó con el estado %1 y no imprimió ningún resultado.</translation>
    </message>
    <message>
        <source>kwb-runner exited with status %1: %2</source>
        <translation>kwb-runner terminó con el estado %1: %2</translation>
    </message>
    <message>
        <source>kwb-runner&apos;s output is not JSON (%1 at byte %2).</source>
        <translation>La salida de kwb-runner no es JSON (%1 en el byte %2).</translation>
    </message>
    <message>
        <source>kwb-runner&apos;s output is JSON but not an object.</source>
        <translation>La salida de kwb-runner es JSON, pero no un objeto.</translation>
    </message>
    <message>
        <source>kwb-runner reported an error without saying which.</source>
        <translation>kwb-runner informó de un error sin decir cuál.</translation>
    </message>
</context>
<context>
    <name>kwb::RunnerService</name>
    <message>
        <source>kwb-runner could not be started from %1 (%2); build it, or install it beside the workbench or on the PATH.</source>
        <translation>No se pudo iniciar kwb-runner desde %1 (%2); compílelo o instálelo junto al workbench o en el PATH.</translation>
    </message>
    <message>
        <source>kwb-runner serve crashed</source>
        <translation>kwb-runner serve falló</translation>
    </message>
    <message>
        <source>kwb-runner serve exited with status %1</source>
        <translation>kwb-runner serve terminó con el estado %1</translation>
    </message>
    <message>
        <source>%1 after printing: %2</source>
        <translation>%1 tras imprimir: %2</translation>
    </message>
    <message>
        <source>The kwb-runner run was cancelled.</source>
        <translation>La ejecución de kwb-runner se canceló.</translation>
    </message>
</context>
<context>
    <name>kwb::SampleStore</name>
    <message>
        <source>This build of the workbench has no case studies.</source>
        <translation>Esta compilación del workbench no incluye casos de estudio.</translation>
    </message>
    <message>
        <source>The case studies (%1) cannot be read: %2.</source>
        <translation>No se pueden leer los casos de estudio (%1): %2.</translation>
    </message>
    <message>
        <source>The case studies could not be copied to %1.</source>
        <translation>No se pudieron copiar los casos de estudio en %1.</translation>
    </message>
</context>
<context>
    <name>kwb::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>Atajos de teclado</translation>
    </message>
    <message>
        <source>Menu</source>
        <translation>Menú</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>Acción</translation>
    </message>
    <message>
        <source>Shortcut</source>
        <translation>Atajo</translation>
    </message>
</context>
<context>
    <name>kwb::SteerDialog</name>
    <message>
        <source>Steer after %1</source>
        <translation>Dirigir después de %1</translation>
    </message>
    <message>
        <source>A message to the agent, read before its next response (optional).</source>
        <translation>Un mensaje para el agente, que lo leerá antes de su próxima respuesta (opcional).</translation>
    </message>
    <message>
        <source>Add Turn</source>
        <translation>Añadir turno</translation>
    </message>
    <message>
        <source>Message to the agent:</source>
        <translation>Mensaje para el agente:</translation>
    </message>
    <message>
        <source>Files of the turn (edits become the new turn&apos;s workspace):</source>
        <translation>Archivos del turno (las ediciones forman el espacio de trabajo del turno nuevo):</translation>
    </message>
</context>
<context>
    <name>kwb::TeachingController</name>
    <message>
        <source>Nothing in this turn&apos;s trace matches “%1”.</source>
        <translation>Nada en la traza de este turno coincide con «%1».</translation>
    </message>
    <message>
        <source>This turn has no trace to look in.</source>
        <translation>Este turno no tiene traza en la que buscar.</translation>
    </message>
</context>
<context>
    <name>kwb::TeachingPanel</name>
    <message>
        <source>Branch</source>
        <translation>Rama</translation>
    </message>
    <message>
        <source>Final kernel ms</source>
        <translation>Kernel final ms</translation>
    </message>
    <message>
        <source>Eager ms</source>
        <translation>Eager ms</translation>
    </message>
    <message>
        <source>torch.compile ms</source>
        <translation>torch.compile ms</translation>
    </message>
    <message>
        <source>× eager</source>
        <translation>× eager</translation>
    </message>
    <message>
        <source>× torch.compile</source>
        <translation>× torch.compile</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Registers</source>
        <translation>Registros</translation>
    </message>
    <message>
        <source>Shared memory</source>
        <translation>Memoria compartida</translation>
    </message>
    <message>
        <source>Spills (bytes)</source>
        <translation>Derrames (bytes)</translation>
    </message>
    <message>
        <source>What to look for in the timeline (click to find it):</source>
        <translation>Qué buscar en la línea de tiempo (pulse para encontrarlo):</translation>
    </message>
    <message>
        <source>◀ Previous Lesson</source>
        <translation>◀ Lección anterior</translation>
    </message>
    <message>
        <source>Next Lesson ▶</source>
        <translation>Lección siguiente ▶</translation>
    </message>
    <message>
        <source>No trajectory</source>
        <translation>Ninguna trayectoria</translation>
    </message>
    <message>
        <source>Pick a trajectory to see its lessons. Help → Open Case Studies opens the ones recorded on an H200.</source>
        <translation>Elija una trayectoria para ver sus lecciones. Ayuda → Abrir casos de estudio abre los grabados en una H200.</translation>
    </message>
    <message>
        <source>This trajectory has no lesson; the measured figures below are its own.</source>
        <translation>Esta trayectoria no tiene lección; las cifras medidas de abajo son las suyas.</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>Principal</translation>
    </message>
    <message>
        <source>Fork %1</source>
        <translation>Bifurcación %1</translation>
    </message>
    <message>
        <source>not correct</source>
        <translation>no es correcto</translation>
    </message>
    <message>
        <source>The CUDA Agent paper reports %1 over torch.compile for this pattern (%2), on its own tasks, GPU and baseline; the table above is what this trajectory measured.</source>
        <translation>El artículo de CUDA Agent indica %1 frente a torch.compile para este patrón (%2), con sus propias tareas, GPU y referencia; la tabla de arriba es lo que midió esta trayectoria.</translation>
    </message>
    <message>
        <source>This turn has no evaluation.</source>
        <translation>Este turno no tiene evaluación.</translation>
    </message>
    <message>
        <source> (measured on %1)</source>
        <translation> (medido en %1)</translation>
    </message>
    <message>
        <source>The compile failed: %1:%2: %3</source>
        <translation>La compilación falló: %1:%2: %3</translation>
    </message>
    <message>
        <source>The compile failed.</source>
        <translation>La compilación falló.</translation>
    </message>
    <message>
        <source>It compiled, but verification failed</source>
        <translation>Compiló, pero la verificación falló</translation>
    </message>
    <message>
        <source> (largest error %1 against a tolerance of %2)</source>
        <translation> (error máximo %1 frente a una tolerancia de %2)</translation>
    </message>
    <message>
        <source>Kernel %1 ms · eager %2 ms · torch.compile %3 ms · %4 over eager · %5 over torch.compile%6.</source>
        <translation>Kernel %1 ms · eager %2 ms · torch.compile %3 ms · %4 frente a eager · %5 frente a torch.compile%6.</translation>
    </message>
    <message>
        <source>Lesson %1 of %2%3</source>
        <translation>Lección %1 de %2%3</translation>
    </message>
    <message>
        <source>Turn %1 (no lesson)</source>
        <translation>Turno %1 (sin lección)</translation>
    </message>
    <message>
        <source>This turn has no lesson. Curate → Lesson… writes one.</source>
        <translation>Este turno no tiene lección. Curar → Lección… escribe una.</translation>
    </message>
    <message>
        <source>%1 B</source>
        <translation>%1 B</translation>
    </message>
    <message>
        <source>Compiled and correct; not timed%1.</source>
        <translation>Compilado y correcto; sin cronometrar%1.</translation>
    </message>
    <message>
        <source> · %1 of the roofline, %2-bound</source>
        <translation> · %1 del roofline, límite: %2</translation>
    </message>
    <message>
        <source>compute</source>
        <translation>cómputo</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>memoria</translation>
    </message>
    <message>
        <source>This turn was not judged: the evaluation could not run on its machine (%1).</source>
        <translation>Este turno no se juzgó: la evaluación no pudo ejecutarse en su máquina (%1).</translation>
    </message>
</context>
<context>
    <name>kwb::TimelineView</name>
    <message>
        <source>No trace for this turn.</source>
        <translation>Este turno no tiene traza.</translation>
    </message>
    <message>
        <source>Δ %1</source>
        <translation>Δ %1</translation>
    </message>
    <message>
        <source>%1 / px</source>
        <translation>%1 / px</translation>
    </message>
    <message>
        <source>harness · %1</source>
        <translation>arnés · %1</translation>
    </message>
</context>
<context>
    <name>kwb::TimingModel</name>
    <message>
        <source>%1 ms</source>
        <translation>%1 ms</translation>
    </message>
    <message>
        <source>%1 µs</source>
        <translation>%1 µs</translation>
    </message>
    <message>
        <source>Candidate</source>
        <translation>Candidato</translation>
    </message>
    <message>
        <source>Eager</source>
        <translation>Eager</translation>
    </message>
    <message>
        <source>torch.compile</source>
        <translation>torch.compile</translation>
    </message>
    <message>
        <source>not timed</source>
        <translation>sin medir</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>Ejecución</translation>
    </message>
    <message>
        <source>Median</source>
        <translation>Mediana</translation>
    </message>
    <message>
        <source>p20</source>
        <translation>p20</translation>
    </message>
    <message>
        <source>p80</source>
        <translation>p80</translation>
    </message>
    <message>
        <source>Min</source>
        <translation>Mín.</translation>
    </message>
    <message>
        <source>Spread (CV)</source>
        <translation>Dispersión (CV)</translation>
    </message>
    <message>
        <source>Samples</source>
        <translation>Muestras</translation>
    </message>
    <message>
        <source>Candidate speedup</source>
        <translation>Aceleración del candidato</translation>
    </message>
</context>
<context>
    <name>kwb::TimingView</name>
    <message>
        <source>This turn was not evaluated.</source>
        <translation>Este turno no fue evaluado.</translation>
    </message>
    <message>
        <source>Not timed: only correct candidates are timed.</source>
        <translation>Sin medir: solo se miden los candidatos correctos.</translation>
    </message>
    <message>
        <source>Speedup %1 vs eager, %2 vs torch.compile</source>
        <translation>Aceleración %1 frente a eager, %2 frente a torch.compile</translation>
    </message>
    <message>
        <source>reward %1 (%2)</source>
        <translation>recompensa %1 (%2)</translation>
    </message>
    <message>
        <source>device %1</source>
        <translation>dispositivo %1</translation>
    </message>
    <message>
        <source>%1 rules</source>
        <translation>reglas %1</translation>
    </message>
    <message>
        <source>on %1</source>
        <translation>en %1</translation>
    </message>
</context>
<context>
    <name>kwb::TracePanel</name>
    <message>
        <source>Export for Perfetto…</source>
        <translation>Exportar para Perfetto…</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>Comparar</translation>
    </message>
    <message>
        <source>Field</source>
        <translation>Campo</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>Valor</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>Kernel</translation>
    </message>
    <message>
        <source>Calls</source>
        <translation>Llamadas</translation>
    </message>
    <message>
        <source>Total</source>
        <translation>Total</translation>
    </message>
    <message>
        <source>Mean</source>
        <translation>Media</translation>
    </message>
    <message>
        <source>Share of GPU time</source>
        <translation>Parte del tiempo de GPU</translation>
    </message>
    <message>
        <source>Event</source>
        <translation>Evento</translation>
    </message>
    <message>
        <source>Kernels</source>
        <translation>Kernels</translation>
    </message>
    <message>
        <source>Loading trace… %1 %</source>
        <translation>Cargando la traza… %1 %</translation>
    </message>
    <message>
        <source>No trace for this turn.</source>
        <translation>Este turno no tiene traza.</translation>
    </message>
    <message>
        <source>No trace</source>
        <translation>Sin traza</translation>
    </message>
    <message>
        <source>Loading trace…</source>
        <translation>Cargando la traza…</translation>
    </message>
    <message>
        <source>Compare with %1</source>
        <translation>Comparar con %1</translation>
    </message>
    <message>
        <source>Loading %1…</source>
        <translation>Cargando %1…</translation>
    </message>
    <message>
        <source>%1: %2 events on %3 tracks</source>
        <translation>%1: %2 eventos en %3 pistas</translation>
    </message>
    <message>
        <source>name</source>
        <translation>nombre</translation>
    </message>
    <message>
        <source>kind</source>
        <translation>tipo</translation>
    </message>
    <message>
        <source>start</source>
        <translation>inicio</translation>
    </message>
    <message>
        <source>duration</source>
        <translation>duración</translation>
    </message>
    <message>
        <source>track</source>
        <translation>pista</translation>
    </message>
    <message>
        <source>details</source>
        <translation>detalles</translation>
    </message>
    <message>
        <source>There is no trace to export.</source>
        <translation>No hay ninguna traza que exportar.</translation>
    </message>
    <message>
        <source>%1 cannot be written: %2.</source>
        <translation>No se puede escribir %1: %2.</translation>
    </message>
    <message>
        <source>Export Trace</source>
        <translation>Exportar traza</translation>
    </message>
    <message>
        <source>Chrome trace (*.json)</source>
        <translation>Traza de Chrome (*.json)</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>kernel</translation>
    </message>
    <message>
        <source>memcpy</source>
        <translation>memcpy</translation>
    </message>
    <message>
        <source>memset</source>
        <translation>memset</translation>
    </message>
    <message>
        <source>CUDA runtime call</source>
        <translation>llamada al runtime de CUDA</translation>
    </message>
    <message>
        <source>CUDA driver call</source>
        <translation>llamada al driver de CUDA</translation>
    </message>
    <message>
        <source>synchronization</source>
        <translation>sincronización</translation>
    </message>
    <message>
        <source>range</source>
        <translation>rango</translation>
    </message>
    <message>
        <source>CPU op</source>
        <translation>operación de CPU</translation>
    </message>
    <message>
        <source>instant</source>
        <translation>instante</translation>
    </message>
    <message>
        <source>event</source>
        <translation>evento</translation>
    </message>
    <message>
        <source>Profile kernel with Nsight Compute</source>
        <translation>Perfilar el kernel con Nsight Compute</translation>
    </message>
    <message>
        <source>Runs this turn&apos;s candidate once more under ncu and shows the kernel&apos;s metrics beside the turn.</source>
        <translation>Ejecuta una vez más el candidato de este turno bajo ncu y muestra las métricas del kernel junto al turno.</translation>
    </message>
    <message>
        <source>harness · %1</source>
        <translation>arnés · %1</translation>
    </message>
    <message>
        <source>%1
The harness&apos;s own work, outside the timed calls: not in the candidate&apos;s time.</source>
        <translation>%1
Trabajo propio del arnés, fuera de las llamadas cronometradas: no cuenta en el tiempo del candidato.</translation>
    </message>
    <message>
        <source>harness</source>
        <translation>arnés</translation>
    </message>
    <message>
        <source>the harness&apos;s own work, outside the timed calls (inputs, copies, cache flushes): not in the candidate&apos;s time</source>
        <translation>trabajo propio del arnés, fuera de las llamadas cronometradas (entradas, copias, vaciados de caché): no cuenta en el tiempo del candidato</translation>
    </message>
</context>
<context>
    <name>kwb::TrajectoryListModel</name>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>correcto</translation>
    </message>
    <message>
        <source>incorrect</source>
        <translation>incorrecto</translation>
    </message>
    <message>
        <source>compile error</source>
        <translation>error de compilación</translation>
    </message>
    <message>
        <source>not evaluated</source>
        <translation>sin evaluar</translation>
    </message>
    <message>
        <source>Task</source>
        <translation>Tarea</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>Nivel</translation>
    </message>
    <message>
        <source>Title</source>
        <translation>Título</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>Origen</translation>
    </message>
    <message>
        <source>Policy</source>
        <translation>Política</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>Creado</translation>
    </message>
    <message>
        <source>Turns</source>
        <translation>Turnos</translation>
    </message>
    <message>
        <source>Branches</source>
        <translation>Ramas</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Best reward</source>
        <translation>Mejor recompensa</translation>
    </message>
    <message>
        <source>Best vs compile</source>
        <translation>Mejor frente a compile</translation>
    </message>
    <message>
        <source>Labels</source>
        <translation>Etiquetas</translation>
    </message>
    <message>
        <source>The best correct turn&apos;s time against the least time its GPU allows for the task&apos;s floor of bytes and FLOPs (100 % is on the roofline)</source>
        <translation>El tiempo del mejor turno correcto frente al tiempo mínimo que su GPU permite para el trabajo mínimo de la tarea en bytes y FLOPs (100 % es estar en el roofline)</translation>
    </message>
    <message>
        <source>% roofline</source>
        <translation>% roofline</translation>
    </message>
    <message>
        <source>environment error</source>
        <translation>error del entorno</translation>
    </message>
</context>
<context>
    <name>kwb::TrajectoryPanel</name>
    <message>
        <source>Filter by task…</source>
        <translation>Filtrar por tarea…</translation>
    </message>
    <message>
        <source>All levels</source>
        <translation>Todos los niveles</translation>
    </message>
    <message>
        <source>Level %1</source>
        <translation>Nivel %1</translation>
    </message>
    <message>
        <source>Any status</source>
        <translation>Cualquier estado</translation>
    </message>
    <message>
        <source>More</source>
        <translation>Más</translation>
    </message>
    <message>
        <source>More filters: label, text in messages and code, least reward and speed-up</source>
        <translation>Más filtros: etiqueta, texto en mensajes y código, recompensa y aceleración mínimas</translation>
    </message>
    <message>
        <source>Search messages and code…</source>
        <translation>Buscar en mensajes y código…</translation>
    </message>
    <message>
        <source>Full-text search (SQLite FTS5: words, &quot;a phrase&quot;, prefix*, AND, OR, NOT); Enter applies it</source>
        <translation>Búsqueda de texto completo (SQLite FTS5: palabras, &quot;una frase&quot;, prefijo*, AND, OR, NOT); Intro la aplica</translation>
    </message>
    <message>
        <source>reward ≥</source>
        <translation>recompensa ≥</translation>
    </message>
    <message>
        <source>Only trajectories whose best reward is at least this</source>
        <translation>Solo las trayectorias cuya mejor recompensa sea al menos esta</translation>
    </message>
    <message>
        <source>speed-up ≥</source>
        <translation>aceleración ≥</translation>
    </message>
    <message>
        <source>Only trajectories whose best speed-up over torch.compile is at least this</source>
        <translation>Solo las trayectorias cuya mejor aceleración frente a torch.compile sea al menos esta</translation>
    </message>
    <message>
        <source>Any label</source>
        <translation>Cualquier etiqueta</translation>
    </message>
    <message>
        <source>Flagged</source>
        <translation>Marcadas</translation>
    </message>
    <message>
        <source>Only trajectories with a turn a reward-hacking check flagged</source>
        <translation>Solo trayectorias con un turno marcado por una comprobación contra trampas en la recompensa</translation>
    </message>
</context>
<context>
    <name>kwb::TranscriptView</name>
    <message numerus="yes">
        <source>Fold to %n line(s)</source>
        <translation>
            <numerusform>Plegar a %n línea</numerusform>
            <numerusform>Plegar a %n líneas</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Show all %n line(s)</source>
        <translation>
            <numerusform>Mostrar %n línea</numerusform>
            <numerusform>Mostrar las %n líneas</numerusform>
        </translation>
    </message>
    <message>
        <source>System</source>
        <translation>Sistema</translation>
    </message>
    <message>
        <source>User</source>
        <translation>Usuario</translation>
    </message>
    <message>
        <source>Assistant</source>
        <translation>Asistente</translation>
    </message>
    <message>
        <source>Tool result</source>
        <translation>Resultado de herramienta</translation>
    </message>
    <message>
        <source>Tool result · %1</source>
        <translation>Resultado de herramienta · %1</translation>
    </message>
    <message>
        <source>%1 prompt tokens</source>
        <translation>%1 tokens de entrada</translation>
    </message>
    <message>
        <source>%1 completion tokens</source>
        <translation>%1 tokens de salida</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 s</translation>
    </message>
    <message>
        <source>Reasoning</source>
        <translation>Razonamiento</translation>
    </message>
    <message>
        <source>Tool call</source>
        <translation>Llamada a herramienta</translation>
    </message>
    <message>
        <source>The messages of this turn could not be loaded: %1</source>
        <translation>No se pudieron cargar los mensajes de este turno: %1</translation>
    </message>
    <message>
        <source>This turn has no messages.</source>
        <translation>Este turno no tiene mensajes.</translation>
    </message>
    <message>
        <source>(arguments are not a JSON object)</source>
        <translation>(los argumentos no son un objeto JSON)</translation>
    </message>
    <message>
        <source>Agent (live)</source>
        <translation>Agente (en directo)</translation>
    </message>
    <message numerus="yes">
        <source>%n line(s)</source>
        <translation>
            <numerusform>%n línea</numerusform>
            <numerusform>%n líneas</numerusform>
        </translation>
    </message>
    <message>
        <source>lines %1–%2</source>
        <translation>líneas %1–%2</translation>
    </message>
    <message>
        <source>from line %1</source>
        <translation>desde la línea %1</translation>
    </message>
</context>
<context>
    <name>kwb::TurnBadges</name>
    <message>
        <source>compile failed</source>
        <translation>compilación fallida</translation>
    </message>
    <message>
        <source>verify failed</source>
        <translation>verificación fallida</translation>
    </message>
    <message>
        <source>%1× vs compile</source>
        <translation>%1× frente a compile</translation>
    </message>
    <message>
        <source>%1 roofline</source>
        <translation>%1 roofline</translation>
    </message>
    <message>
        <source>flagged: %1</source>
        <translation>marcado: %1</translation>
    </message>
    <message>
        <source>flagged: %1 +%2</source>
        <translation>marcado: %1 +%2</translation>
    </message>
    <message>
        <source>environment error</source>
        <translation>error del entorno</translation>
    </message>
</context>
<context>
    <name>kwb::TurnCache</name>
    <message>
        <source>The content of %1 could not be read: %2 Run `kwb check` on the store to find damaged parts.</source>
        <translation>No se pudo leer el contenido de %1: %2 Ejecute `kwb check` sobre el almacén para encontrar las partes dañadas.</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>No hay ningún almacén abierto.</translation>
    </message>
</context>
<context>
    <name>kwb::TurnTreeModel</name>
    <message>
        <source>not evaluated</source>
        <translation>sin evaluar</translation>
    </message>
    <message>
        <source>compile failed</source>
        <translation>compilación fallida</translation>
    </message>
    <message>
        <source>verify failed</source>
        <translation>verificación fallida</translation>
    </message>
    <message>
        <source>correct</source>
        <translation>correcto</translation>
    </message>
    <message>
        <source>compiled</source>
        <translation>compilado</translation>
    </message>
    <message>
        <source>Turn %1</source>
        <translation>Turno %1</translation>
    </message>
    <message>
        <source>%1×</source>
        <translation>%1×</translation>
    </message>
    <message>
        <source>Turn</source>
        <translation>Turno</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>Estado</translation>
    </message>
    <message>
        <source>Reward</source>
        <translation>Recompensa</translation>
    </message>
    <message>
        <source>vs compile</source>
        <translation>frente a compile</translation>
    </message>
    <message>
        <source>Origin</source>
        <translation>Procedencia</translation>
    </message>
    <message>
        <source>environment error</source>
        <translation>error del entorno</translation>
    </message>
</context>
<context>
    <name>kwb::TurnWorkspace</name>
    <message>
        <source>Could not create the folder for %1.</source>
        <translation>No se pudo crear la carpeta para %1.</translation>
    </message>
    <message>
        <source>Could not write %1: %2.</source>
        <translation>No se pudo escribir %1: %2.</translation>
    </message>
    <message>
        <source>The trajectory has no task source, so there is no reference to run the candidate against.</source>
        <translation>La trayectoria no tiene el código fuente de la tarea, así que no hay referencia con la que ejecutar el candidato.</translation>
    </message>
    <message>
        <source>The turn has no workspace files, so there is no candidate to run.</source>
        <translation>El turno no tiene archivos en su espacio de trabajo, así que no hay candidato que ejecutar.</translation>
    </message>
    <message>
        <source>The turn&apos;s file &quot;%1&quot; has an unsafe path (absolute or with &quot;..&quot;), so its workspace was not written.</source>
        <translation>El archivo &quot;%1&quot; del turno tiene una ruta insegura (absoluta o con &quot;..&quot;), así que no se escribió su espacio de trabajo.</translation>
    </message>
    <message>
        <source>The turn was loaded without the contents of %1; load it with its files first.</source>
        <translation>El turno se cargó sin el contenido de %1; cárguelo primero con sus archivos.</translation>
    </message>
    <message>
        <source>The turn&apos;s workspace has no model_new.py and no single Python file with ModelNew, so there is no candidate to run.</source>
        <translation>El espacio de trabajo del turno no tiene model_new.py ni un único archivo Python con ModelNew, así que no hay candidato que ejecutar.</translation>
    </message>
</context>
<context>
    <name>kwb::VerificationView</name>
    <message>
        <source>This turn was not evaluated.</source>
        <translation>Este turno no fue evaluado.</translation>
    </message>
    <message>
        <source>Not verified: the code did not compile.</source>
        <translation>Sin verificar: el código no compiló.</translation>
    </message>
    <message>
        <source>The verify stage did not run for this turn.</source>
        <translation>La etapa de verificación no se ejecutó en este turno.</translation>
    </message>
    <message>
        <source>Correct</source>
        <translation>Correcto</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>Tiempo agotado</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>Error</translation>
    </message>
    <message>
        <source>Incorrect</source>
        <translation>Incorrecto</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n trial(s) passed</source>
        <translation>
            <numerusform>%1 de %n prueba superada</numerusform>
            <numerusform>%1 de %n pruebas superadas</numerusform>
        </translation>
    </message>
    <message>
        <source>tolerance atol %1, rtol %2</source>
        <translation>tolerancia atol %1, rtol %2</translation>
    </message>
    <message>
        <source>Flagged %1:</source>
        <translation>Marcado %1:</translation>
    </message>
    <message>
        <source>Candidate code ran under %1.</source>
        <translation>El código candidato se ejecutó con %1.</translation>
    </message>
    <message>
        <source>bubblewrap (no network, read-only files)</source>
        <translation>bubblewrap (sin red, archivos de solo lectura)</translation>
    </message>
    <message>
        <source>resource limits only (no sandbox)</source>
        <translation>solo límites de recursos (sin aislamiento)</translation>
    </message>
    <message>
        <source>Not verified: the evaluation could not run on its machine (not the agent&apos;s failure): %1</source>
        <translation>Sin verificar: la evaluación no pudo ejecutarse en su máquina (no es un fallo del agente): %1</translation>
    </message>
</context>
<context>
    <name>kwb::VerifyTrialsModel</name>
    <message>
        <source>pass</source>
        <translation>superada</translation>
    </message>
    <message>
        <source>fail</source>
        <translation>fallida</translation>
    </message>
    <message>
        <source>Trial</source>
        <translation>Prueba</translation>
    </message>
    <message>
        <source>Result</source>
        <translation>Resultado</translation>
    </message>
    <message>
        <source>Max abs error</source>
        <translation>Error abs. máx.</translation>
    </message>
    <message>
        <source>Max rel error</source>
        <translation>Error rel. máx.</translation>
    </message>
    <message>
        <source>Mismatched</source>
        <translation>Discrepantes</translation>
    </message>
    <message>
        <source>Message</source>
        <translation>Mensaje</translation>
    </message>
</context>
<context>
    <name>kwb::WelcomePage</name>
    <message>
        <source>&lt;h2&gt;Kernel Workbench&lt;/h2&gt;</source>
        <translation>&lt;h2&gt;Kernel Workbench&lt;/h2&gt;</translation>
    </message>
    <message>
        <source>Open Store…</source>
        <translation>Abrir almacén…</translation>
    </message>
    <message>
        <source>Store: %1</source>
        <translation>Almacén: %1</translation>
    </message>
    <message>
        <source>&lt;p&gt;Inspect agent trajectories that write and optimize CUDA kernels: the PyTorch reference, the agent&apos;s CUDA, compiler output, verification, GPU timelines and rewards, turn by turn.&lt;/p&gt;&lt;p&gt;This store has no trajectories yet. Open another store, or add trajectories to this one with File → Import (native JSONL, OpenAI chat JSONL, ATIF, a KernelBench run, a CUDA Agent workspace or another store), or let an agent work on a task (Agent menu).&lt;/p&gt;</source>
        <translation>&lt;p&gt;Inspeccione trayectorias de agentes que escriben y optimizan kernels CUDA: la referencia de PyTorch, el CUDA del agente, la salida del compilador, la verificación, las líneas de tiempo de la GPU y las recompensas, turno a turno.&lt;/p&gt;&lt;p&gt;Este almacén aún no tiene trayectorias. Abra otro almacén, o añada trayectorias a este con Archivo → Importar (JSONL nativo, JSONL de chat de OpenAI, ATIF, una ejecución de KernelBench, un espacio de trabajo de CUDA Agent u otro almacén), o deje que un agente trabaje en una tarea (menú Agente).&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Open Case Studies</source>
        <translation>Abrir casos de estudio</translation>
    </message>
    <message>
        <source>Trajectories recorded on an H200 that teach the optimization patterns, in Teaching Mode</source>
        <translation>Trayectorias grabadas en una H200 que enseñan los patrones de optimización, en modo docente</translation>
    </message>
</context>
<context>
    <name>kwb::WorkbenchActions</name>
    <message>
        <source>&amp;Open Store…</source>
        <translation>&amp;Abrir almacén…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>&amp;Salir</translation>
    </message>
    <message>
        <source>&amp;Previous Turn</source>
        <translation>Turno &amp;anterior</translation>
    </message>
    <message>
        <source>Go to the turn before this one</source>
        <translation>Ir al turno anterior a este</translation>
    </message>
    <message>
        <source>&amp;Next Turn</source>
        <translation>Turno &amp;siguiente</translation>
    </message>
    <message>
        <source>Go to the next turn of this branch</source>
        <translation>Ir al siguiente turno de esta rama</translation>
    </message>
    <message>
        <source>&amp;First Turn</source>
        <translation>&amp;Primer turno</translation>
    </message>
    <message>
        <source>Go to the first turn</source>
        <translation>Ir al primer turno</translation>
    </message>
    <message>
        <source>&amp;Last Turn</source>
        <translation>Ú&amp;ltimo turno</translation>
    </message>
    <message>
        <source>Go to the last turn of this branch</source>
        <translation>Ir al último turno de esta rama</translation>
    </message>
    <message>
        <source>P&amp;arent Branch</source>
        <translation>Rama &amp;padre</translation>
    </message>
    <message>
        <source>Go back to the turn this branch forked from</source>
        <translation>Volver al turno del que se bifurcó esta rama</translation>
    </message>
    <message>
        <source>&amp;Child Branch</source>
        <translation>Rama &amp;hija</translation>
    </message>
    <message>
        <source>Take the next fork at or below this turn</source>
        <translation>Tomar la siguiente bifurcación en este turno o por debajo</translation>
    </message>
    <message>
        <source>&amp;Go to Turn…</source>
        <translation>&amp;Ir al turno…</translation>
    </message>
    <message>
        <source>&amp;Diff Against Base</source>
        <translation>&amp;Comparar con la base</translation>
    </message>
    <message>
        <source>Compare the kernel files side by side with the previous or a picked turn</source>
        <translation>Comparar los archivos del kernel lado a lado con el turno anterior o con uno elegido</translation>
    </message>
    <message>
        <source>&amp;Use This Turn as Diff Base</source>
        <translation>&amp;Usar este turno como base de comparación</translation>
    </message>
    <message>
        <source>Later turns are compared with this one</source>
        <translation>Los turnos posteriores se comparan con este</translation>
    </message>
    <message>
        <source>&amp;Find in File…</source>
        <translation>&amp;Buscar en el archivo…</translation>
    </message>
    <message>
        <source>Trajectory &amp;List</source>
        <translation>&amp;Lista de trayectorias</translation>
    </message>
    <message>
        <source>Move the keyboard focus to the trajectory list</source>
        <translation>Mover el foco del teclado a la lista de trayectorias</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>&amp;Atajos de teclado</translation>
    </message>
    <message>
        <source>&amp;About Kernel Workbench</source>
        <translation>&amp;Acerca de Kernel Workbench</translation>
    </message>
    <message>
        <source>System Default</source>
        <translation>Predeterminado del sistema</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>&amp;Archivo</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>Abrir &amp;reciente</translation>
    </message>
    <message>
        <source>&amp;Go</source>
        <translation>&amp;Ir</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>&amp;Ver</translation>
    </message>
    <message>
        <source>&amp;Settings</source>
        <translation>&amp;Configuración</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>&amp;Idioma</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>A&amp;yuda</translation>
    </message>
    <message>
        <source>File</source>
        <translation>Archivo</translation>
    </message>
    <message>
        <source>Go</source>
        <translation>Ir</translation>
    </message>
    <message>
        <source>View</source>
        <translation>Ver</translation>
    </message>
    <message>
        <source>Help</source>
        <translation>Ayuda</translation>
    </message>
    <message>
        <source>&amp;Fork Here</source>
        <translation>&amp;Bifurcar aquí</translation>
    </message>
    <message>
        <source>Let the agent go on from this turn on a new branch; the turns up to here are shared</source>
        <translation>Deja que el agente siga desde este turno en una rama nueva; los turnos hasta aquí se comparten</translation>
    </message>
    <message>
        <source>&amp;Steer…</source>
        <translation>&amp;Dirigir…</translation>
    </message>
    <message>
        <source>Edit this turn&apos;s code or tell the agent something; the edit becomes a new turn on a new branch</source>
        <translation>Edite el código de este turno o dígale algo al agente; la edición se convierte en un turno nuevo en una rama nueva</translation>
    </message>
    <message>
        <source>&amp;Continue</source>
        <translation>&amp;Continuar</translation>
    </message>
    <message>
        <source>Let the agent go on at the end of this branch</source>
        <translation>Deja que el agente siga al final de esta rama</translation>
    </message>
    <message>
        <source>S&amp;top</source>
        <translation>De&amp;tener</translation>
    </message>
    <message>
        <source>Stop the agent; the turns it finished stay</source>
        <translation>Detiene el agente; los turnos que terminó se quedan</translation>
    </message>
    <message>
        <source>Agent S&amp;ettings…</source>
        <translation>Aj&amp;ustes del agente…</translation>
    </message>
    <message>
        <source>&amp;Agent</source>
        <translation>&amp;Agente</translation>
    </message>
    <message>
        <source>Agent</source>
        <translation>Agente</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>&amp;Deshacer</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>&amp;Rehacer</translation>
    </message>
    <message>
        <source>&amp;Accept</source>
        <translation>&amp;Aceptar</translation>
    </message>
    <message>
        <source>Label it &quot;accept&quot;: good enough to train on</source>
        <translation>Etiquetarlo &quot;accept&quot;: lo bastante bueno para entrenar</translation>
    </message>
    <message>
        <source>&amp;Reject</source>
        <translation>&amp;Rechazar</translation>
    </message>
    <message>
        <source>Label it &quot;reject&quot;: kept out of training data</source>
        <translation>Etiquetarlo &quot;reject&quot;: queda fuera de los datos de entrenamiento</translation>
    </message>
    <message>
        <source>&amp;Star</source>
        <translation>&amp;Destacar</translation>
    </message>
    <message>
        <source>Label it &quot;star&quot;: worth coming back to</source>
        <translation>Etiquetarlo &quot;star&quot;: vale la pena volver a él</translation>
    </message>
    <message>
        <source>&amp;Label…</source>
        <translation>&amp;Etiqueta…</translation>
    </message>
    <message>
        <source>Give it a label of your own</source>
        <translation>Ponerle una etiqueta propia</translation>
    </message>
    <message>
        <source>&amp;Tag…</source>
        <translation>&amp;Marca…</translation>
    </message>
    <message>
        <source>Tag it with a free word or phrase</source>
        <translation>Marcarlo con una palabra o frase libre</translation>
    </message>
    <message>
        <source>&amp;Note…</source>
        <translation>&amp;Nota…</translation>
    </message>
    <message>
        <source>Write a note on it</source>
        <translation>Escribir una nota sobre él</translation>
    </message>
    <message>
        <source>Human S&amp;core…</source>
        <translation>&amp;Puntuación humana…</translation>
    </message>
    <message>
        <source>Score it by hand; the reward it overrides is kept beside the score</source>
        <translation>Puntuarlo a mano; la recompensa que sustituye se conserva junto a la puntuación</translation>
    </message>
    <message>
        <source>Apply to This T&amp;urn</source>
        <translation>Aplicar a este t&amp;urno</translation>
    </message>
    <message>
        <source>Apply to This &amp;Branch</source>
        <translation>Aplicar a esta &amp;rama</translation>
    </message>
    <message>
        <source>Apply to This Tra&amp;jectory</source>
        <translation>Aplicar a esta tra&amp;yectoria</translation>
    </message>
    <message>
        <source>Label All in &amp;View…</source>
        <translation>Etiquetar todo lo &amp;visible…</translation>
    </message>
    <message>
        <source>Give every trajectory the list shows now the same label</source>
        <translation>Dar la misma etiqueta a todas las trayectorias que muestra ahora la lista</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>&amp;Editar</translation>
    </message>
    <message>
        <source>&amp;Curate</source>
        <translation>&amp;Curar</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>Editar</translation>
    </message>
    <message>
        <source>Curate</source>
        <translation>Curar</translation>
    </message>
    <message>
        <source>&amp;Import File…</source>
        <translation>&amp;Importar archivo…</translation>
    </message>
    <message>
        <source>Import F&amp;older…</source>
        <translation>Importar ca&amp;rpeta…</translation>
    </message>
    <message>
        <source>&amp;Export Trajectories in View…</source>
        <translation>&amp;Exportar las trayectorias a la vista…</translation>
    </message>
    <message>
        <source>Pre&amp;vious Lesson</source>
        <translation>Lección an&amp;terior</translation>
    </message>
    <message>
        <source>Go to the lesson before this one (main branch first, then each fork)</source>
        <translation>Ir a la lección anterior (primero la rama principal, luego cada bifurcación)</translation>
    </message>
    <message>
        <source>Ne&amp;xt Lesson</source>
        <translation>Lección si&amp;guiente</translation>
    </message>
    <message>
        <source>Go to the next lesson (main branch first, then each fork)</source>
        <translation>Ir a la lección siguiente (primero la rama principal, luego cada bifurcación)</translation>
    </message>
    <message>
        <source>&amp;Teaching Mode</source>
        <translation>Modo &amp;docente</translation>
    </message>
    <message>
        <source>Show each turn&apos;s lesson beside the code and what to look for in the timeline</source>
        <translation>Mostrar la lección de cada turno junto al código y qué buscar en la línea de tiempo</translation>
    </message>
    <message>
        <source>L&amp;esson…</source>
        <translation>L&amp;ección…</translation>
    </message>
    <message>
        <source>Write the teaching note that Teaching Mode shows for it</source>
        <translation>Escribir la nota didáctica que muestra el modo docente</translation>
    </message>
    <message>
        <source>Open &amp;Case Studies</source>
        <translation>Abrir &amp;casos de estudio</translation>
    </message>
    <message>
        <source>Open the trajectories recorded on an H200 that come with the workbench, in Teaching Mode</source>
        <translation>Abrir en modo docente las trayectorias grabadas en una H200 que trae el workbench</translation>
    </message>
    <message>
        <source>U&amp;nified Diff</source>
        <translation>Diff u&amp;nificado</translation>
    </message>
    <message>
        <source>Show a diff as one column of removed and added lines instead of two sides</source>
        <translation>Mostrar un diff como una columna de líneas quitadas y añadidas en lugar de dos lados</translation>
    </message>
    <message>
        <source>Ne&amp;xt Change</source>
        <translation>Cambio si&amp;guiente</translation>
    </message>
    <message>
        <source>Go to the next changed block of the diff (then the next changed file)</source>
        <translation>Ir al siguiente bloque cambiado del diff (y luego al siguiente archivo cambiado)</translation>
    </message>
    <message>
        <source>Pre&amp;vious Change</source>
        <translation>Cambio an&amp;terior</translation>
    </message>
    <message>
        <source>Go to the previous changed block of the diff</source>
        <translation>Ir al bloque cambiado anterior del diff</translation>
    </message>
    <message>
        <source>A KernelBench run, a CUDA Agent workspace, or a folder of trajectory files (ATIF, OpenAI chat, native), each file on its own</source>
        <translation>Una ejecución de KernelBench, un espacio de trabajo de CUDA Agent o una carpeta de archivos de trayectorias (ATIF, chat de OpenAI, nativo), cada archivo por separado</translation>
    </message>
</context>
<context>
    <name>kwb::agent::ChatPolicy</name>
    <message>
        <source>The endpoint&apos;s answer is not a chat completion (it has no choices[0].message)</source>
        <translation>La respuesta del punto de acceso no es una chat completion (no tiene choices[0].message)</translation>
    </message>
    <message>
        <source>The endpoint answered with an error: %1</source>
        <translation>El punto de acceso respondió con un error: %1</translation>
    </message>
    <message>
        <source>The endpoint refused the API key (HTTP 401%1); set the key in %2 or in the endpoint&apos;s settings</source>
        <translation>El punto de acceso rechazó la clave API (HTTP 401%1); ponga la clave en %2 o en los ajustes del punto de acceso</translation>
    </message>
    <message>
        <source>The endpoint answered HTTP %1</source>
        <translation>El punto de acceso respondió HTTP %1</translation>
    </message>
    <message>
        <source>The endpoint answered HTTP %1: %2</source>
        <translation>El punto de acceso respondió HTTP %1: %2</translation>
    </message>
    <message>
        <source>The endpoint&apos;s answer is HTML, not JSON; check that the base URL is the API&apos;s (it usually ends in /v1)</source>
        <translation>La respuesta del punto de acceso es HTML, no JSON; compruebe que la URL base es la de la API (suele terminar en /v1)</translation>
    </message>
    <message>
        <source>The endpoint&apos;s answer is not JSON (%1 at byte %2)</source>
        <translation>La respuesta del punto de acceso no es JSON (%1 en el byte %2)</translation>
    </message>
    <message>
        <source>Could not reach the endpoint at %1: %2</source>
        <translation>No se pudo alcanzar el punto de acceso en %1: %2</translation>
    </message>
    <message>
        <source>The stream ended before [DONE]</source>
        <translation>El flujo terminó antes de [DONE]</translation>
    </message>
    <message>
        <source>The connection to %1 broke off: %2</source>
        <translation>La conexión con %1 se interrumpió: %2</translation>
    </message>
    <message numerus="yes">
        <source>The endpoint sent nothing for %n second(s)</source>
        <translation>
            <numerusform>El punto de acceso no envió nada durante %n segundo</numerusform>
            <numerusform>El punto de acceso no envió nada durante %n segundos</numerusform>
        </translation>
    </message>
    <message>
        <source>The endpoint sent nothing for %1 ms</source>
        <translation>El punto de acceso no envió nada durante %1 ms</translation>
    </message>
    <message numerus="yes">
        <source>%1 (tried %n times).</source>
        <translation>
            <numerusform>%1 (se intentó %n vez).</numerusform>
            <numerusform>%1 (se intentó %n veces).</numerusform>
        </translation>
    </message>
    <message>
        <source>The endpoint reported an error mid-stream: %1</source>
        <translation>El punto de acceso informó de un error a mitad del flujo: %1</translation>
    </message>
</context>
<context>
    <name>kwb::agent::ConnectionTest</name>
    <message numerus="yes">
        <source>The endpoint at %1 did not answer within %n second(s).</source>
        <translation>
            <numerusform>El punto de acceso en %1 no respondió en %n segundo.</numerusform>
            <numerusform>El punto de acceso en %1 no respondió en %n segundos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Could not reach the endpoint at %1: %2.</source>
        <translation>No se pudo alcanzar el punto de acceso en %1: %2.</translation>
    </message>
    <message>
        <source>no models</source>
        <translation>ningún modelo</translation>
    </message>
    <message>
        <source>The endpoint at %1 answers; choose a model (it serves %2).</source>
        <translation>El punto de acceso en %1 responde; elija un modelo (sirve %2).</translation>
    </message>
    <message>
        <source>The endpoint at %1 answers and serves %2.</source>
        <translation>El punto de acceso en %1 responde y sirve %2.</translation>
    </message>
    <message>
        <source>The endpoint at %1 answers but does not serve %2; it serves %3.</source>
        <translation>El punto de acceso en %1 responde pero no sirve %2; sirve %3.</translation>
    </message>
    <message>
        <source>The endpoint at %1 answers as %2.</source>
        <translation>El punto de acceso en %1 responde como %2.</translation>
    </message>
</context>
<context>
    <name>kwb::agent::ReplayPolicy</name>
    <message numerus="yes">
        <source>The recording has no more responses to replay (it has %n).</source>
        <translation>
            <numerusform>La grabación no tiene más respuestas que reproducir (tiene %n).</numerusform>
            <numerusform>La grabación no tiene más respuestas que reproducir (tiene %n).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::agent::ScriptedPolicy</name>
    <message>
        <source>tool call %1 of action %2 has no name</source>
        <translation>la llamada a herramienta %1 de la acción %2 no tiene nombre</translation>
    </message>
    <message>
        <source>tool call %1 of action %2 has an unknown key &quot;%3&quot;</source>
        <translation>la llamada a herramienta %1 de la acción %2 tiene una clave desconocida &quot;%3&quot;</translation>
    </message>
    <message>
        <source>tool call %1 of action %2 has arguments that are neither an object nor a string</source>
        <translation>la llamada a herramienta %1 de la acción %2 tiene argumentos que no son ni un objeto ni una cadena</translation>
    </message>
    <message>
        <source>action %1 is not a JSON object</source>
        <translation>la acción %1 no es un objeto JSON</translation>
    </message>
    <message>
        <source>action %1 has an unknown key &quot;%2&quot;</source>
        <translation>la acción %1 tiene una clave desconocida &quot;%2&quot;</translation>
    </message>
    <message>
        <source>&quot;%1&quot; of action %2 is not a string</source>
        <translation>&quot;%1&quot; de la acción %2 no es una cadena</translation>
    </message>
    <message>
        <source>action %1 fails without saying why</source>
        <translation>la acción %1 falla sin decir por qué</translation>
    </message>
    <message>
        <source>&quot;tool_calls&quot; of action %1 is not an array</source>
        <translation>&quot;tool_calls&quot; de la acción %1 no es un array</translation>
    </message>
    <message>
        <source>action %1 has neither text nor tool calls</source>
        <translation>la acción %1 no tiene ni texto ni llamadas a herramientas</translation>
    </message>
    <message>
        <source>The script %1 cannot be used: %2.</source>
        <translation>El guion %1 no se puede usar: %2.</translation>
    </message>
    <message>
        <source>The script %1 cannot be read: %2.</source>
        <translation>El guion %1 no se puede leer: %2.</translation>
    </message>
    <message>
        <source>The script %1 is not valid JSON: %2 at byte %3.</source>
        <translation>El guion %1 no es JSON válido: %2 en el byte %3.</translation>
    </message>
    <message>
        <source>The script %1 is not a JSON array of actions.</source>
        <translation>El guion %1 no es un array JSON de acciones.</translation>
    </message>
    <message numerus="yes">
        <source>The script %1 has no more actions (it has %n).</source>
        <translation>
            <numerusform>El guion %1 no tiene más acciones (tiene %n).</numerusform>
            <numerusform>El guion %1 no tiene más acciones (tiene %n).</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::agent::TurnEngine</name>
    <message>
        <source>The agent is already running; stop it first.</source>
        <translation>El agente ya se está ejecutando; deténgalo primero.</translation>
    </message>
    <message>
        <source>No policy was given to produce the agent&apos;s turns.</source>
        <translation>No se dio ninguna política que produzca los turnos del agente.</translation>
    </message>
    <message>
        <source>The turn limit is %1; set it to 1 or more.</source>
        <translation>El límite de turnos es %1; póngalo en 1 o más.</translation>
    </message>
    <message>
        <source>The trajectory could not be loaded: %1</source>
        <translation>No se pudo cargar la trayectoria: %1</translation>
    </message>
    <message>
        <source>The trajectory has no turn %1 to continue from.</source>
        <translation>La trayectoria no tiene un turno %1 desde el que continuar.</translation>
    </message>
    <message>
        <source>The trajectory has no task source, so the agent has no reference to work from.</source>
        <translation>La trayectoria no tiene el código de la tarea, así que el agente no tiene referencia de la que partir.</translation>
    </message>
    <message>
        <source>No temporary folder could be made for the agent&apos;s workspace: %1.</source>
        <translation>No se pudo crear una carpeta temporal para el espacio de trabajo del agente: %1.</translation>
    </message>
    <message>
        <source>The task could not be written to %1: %2.</source>
        <translation>No se pudo escribir la tarea en %1: %2.</translation>
    </message>
    <message>
        <source>The agent&apos;s prompt could not be stored: %1</source>
        <translation>No se pudo guardar el prompt del agente: %1</translation>
    </message>
    <message>
        <source>The agent&apos;s policy was closed before the run ended.</source>
        <translation>La política del agente se cerró antes de que terminara la ejecución.</translation>
    </message>
    <message>
        <source>The tool %1 could not be started because another tool was still running.</source>
        <translation>La herramienta %1 no se pudo iniciar porque otra herramienta seguía en ejecución.</translation>
    </message>
    <message>
        <source>The final evaluation could not be started because another tool was still running.</source>
        <translation>La evaluación final no se pudo iniciar porque otra herramienta seguía en ejecución.</translation>
    </message>
    <message>
        <source>The final evaluation gave no result: %1</source>
        <translation>La evaluación final no dio resultado: %1</translation>
    </message>
    <message>
        <source>The turn&apos;s trace could not be stored: %1</source>
        <translation>No se pudo guardar la traza del turno: %1</translation>
    </message>
    <message>
        <source>The turn could not be stored: %1</source>
        <translation>No se pudo guardar el turno: %1</translation>
    </message>
    <message>
        <source>The agent gave its final answer.</source>
        <translation>El agente dio su respuesta final.</translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n turn(s), the limit of one run.</source>
        <translation>
            <numerusform>Detenido tras %n turno, el límite de una ejecución.</numerusform>
            <numerusform>Detenido tras %n turnos, el límite de una ejecución.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n turn(s); the turn in progress was not kept.</source>
        <translation>
            <numerusform>Detenido tras %n turno; el turno en curso no se guardó.</numerusform>
            <numerusform>Detenido tras %n turnos; el turno en curso no se guardó.</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Stopped after %n turn(s).</source>
        <translation>
            <numerusform>Detenido tras %n turno.</numerusform>
            <numerusform>Detenido tras %n turnos.</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing to add: change a file or write a message to steer the agent.</source>
        <translation>Nada que añadir: cambie un archivo o escriba un mensaje para dirigir al agente.</translation>
    </message>
    <message>
        <source>The file name &quot;%1&quot; is not a path inside the workspace (absolute or with &quot;..&quot;).</source>
        <translation>El nombre de archivo &quot;%1&quot; no es una ruta dentro del espacio de trabajo (es absoluta o contiene &quot;..&quot;).</translation>
    </message>
    <message>
        <source>The trajectory has no turn %1 to steer after.</source>
        <translation>La trayectoria no tiene un turno %1 tras el que dirigir.</translation>
    </message>
    <message>
        <source>The turn to steer after could not be loaded: %1</source>
        <translation>No se pudo cargar el turno tras el que dirigir: %1</translation>
    </message>
    <message>
        <source>The edit could not be stored: %1</source>
        <translation>No se pudo guardar la edición: %1</translation>
    </message>
    <message numerus="yes">
        <source>The environment failed, so the run stopped after %n turn(s): %1 The turn is kept, marked as an environment error (no reward); Continue once the machine is fixed.</source>
        <translation>
            <numerusform>El entorno falló, así que la ejecución se detuvo tras %n turno: %1 El turno se conserva, marcado como error del entorno (sin recompensa); use Continuar cuando la máquina esté arreglada.</numerusform>
            <numerusform>El entorno falló, así que la ejecución se detuvo tras %n turnos: %1 El turno se conserva, marcado como error del entorno (sin recompensa); use Continuar cuando la máquina esté arreglada.</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>kwb::agent::WorkspaceFolder</name>
    <message>
        <source>The workspace file &quot;%1&quot; has an unsafe path (absolute or with &quot;..&quot;), so the workspace was not written.</source>
        <translation>El archivo &quot;%1&quot; del espacio de trabajo tiene una ruta insegura (absoluta o con &quot;..&quot;), así que el espacio de trabajo no se escribió.</translation>
    </message>
    <message>
        <source>The workspace was loaded without the contents of %1, so it was not written.</source>
        <translation>El espacio de trabajo se cargó sin el contenido de %1, así que no se escribió.</translation>
    </message>
    <message>
        <source>The workspace file %1 could not be written to %2: %3.</source>
        <translation>El archivo %1 del espacio de trabajo no se pudo escribir en %2: %3.</translation>
    </message>
    <message>
        <source>%1 is a symbolic link and was not kept.</source>
        <translation>%1 es un enlace simbólico y no se guardó.</translation>
    </message>
    <message>
        <source>%1 (%2) is over %3 and was not kept.</source>
        <translation>%1 (%2) supera %3 y no se guardó.</translation>
    </message>
    <message>
        <source>%1 could not be read (%2) and was not kept.</source>
        <translation>%1 no se pudo leer (%2) y no se guardó.</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Cannot open the store %1. %2</source>
        <translation>No se puede abrir el almacén %1. %2</translation>
    </message>
    <message>
        <source>The store has no trajectory %1.</source>
        <translation>El almacén no tiene la trayectoria %1.</translation>
    </message>
    <message>
        <source>The trajectory has no turn %1 on its main branch.</source>
        <translation>La trayectoria no tiene turno %1 en su rama principal.</translation>
    </message>
    <message>
        <source>Cannot write %1.</source>
        <translation>No se puede escribir %1.</translation>
    </message>
    <message>
        <source>Wrote %1.</source>
        <translation>Se escribió %1.</translation>
    </message>
    <message>
        <source>Workbench for agent trajectories of CUDA kernel optimization.</source>
        <translation>Banco de trabajo para trayectorias de agentes que optimizan kernels CUDA.</translation>
    </message>
    <message>
        <source>The .kwb store to open.</source>
        <translation>El almacén .kwb que se abrirá.</translation>
    </message>
    <message>
        <source>Render the window offscreen into a PNG file and exit.</source>
        <translation>Dibujar la ventana fuera de pantalla en un archivo PNG y salir.</translation>
    </message>
    <message>
        <source>With --screenshot: the trajectory (uuid, or row of the list from 1).</source>
        <translation>Con --screenshot: la trayectoria (uuid, o fila de la lista desde 1).</translation>
    </message>
    <message>
        <source>With --screenshot: the turn along the main branch, from 1.</source>
        <translation>Con --screenshot: el turno en la rama principal, desde 1.</translation>
    </message>
    <message>
        <source>With --screenshot: show the kernel diff against the previous turn.</source>
        <translation>Con --screenshot: mostrar las diferencias del kernel con el turno anterior.</translation>
    </message>
    <message>
        <source>With --screenshot: window size (default 1600x1000).</source>
        <translation>Con --screenshot: tamaño de la ventana (predeterminado 1600x1000).</translation>
    </message>
    <message>
        <source>--screenshot needs a STORE.</source>
        <translation>--screenshot necesita un STORE.</translation>
    </message>
    <message>
        <source>With --screenshot: Teaching Mode on (the Lesson pane, the timeline&apos;s highlights).</source>
        <translation>Con --screenshot: modo docente activado (el panel de lección y los resaltados de la línea de tiempo).</translation>
    </message>
    <message>
        <source>Unknown pane %1: use compiler, transcript, verification, roofline, timing or timeline.</source>
        <translation>Panel desconocido %1: use compiler, transcript, verification, roofline, timing o timeline.</translation>
    </message>
    <message>
        <source>No kernel of this turn&apos;s trace matches %1.</source>
        <translation>Ningún kernel de la traza de este turno coincide con %1.</translation>
    </message>
    <message>
        <source>With --screenshot: the pane to show (compiler, transcript, verification, roofline, timing, timeline).</source>
        <translation>Con --screenshot: el panel que mostrar (compiler, transcript, verification, roofline, timing, timeline).</translation>
    </message>
    <message>
        <source>With --screenshot: what a first start shows (the key turn in Teaching Mode, the guide card).</source>
        <translation>Con --screenshot: lo que muestra un primer inicio (el turno clave en el modo docente, la tarjeta de guía).</translation>
    </message>
    <message>
        <source>With --screenshot: select the first kernel in the timed calls whose name matches REGEX in the timeline.</source>
        <translation>Con --screenshot: seleccionar en la línea de tiempo el primer kernel de las llamadas cronometradas cuyo nombre coincide con REGEX.</translation>
    </message>
    <message>
        <source>The window&apos;s language for this run (en, es, zh_CN), whatever Settings say.</source>
        <translation>El idioma de la ventana en esta ejecución (en, es, zh_CN), digan lo que digan los ajustes.</translation>
    </message>
</context>
</TS>
